-- A member card's code, the default of members.card_code (the check_in migration creates it):
-- 26 characters of base32 (a-z, 2-7), 130 random bits. Built from gen_random_uuid(), which
-- PostgreSQL 13+ and PGlite both have (gen_random_bytes needs pgcrypto): a version 4 UUID carries
-- 122 random bits, in every hex digit but the 13th (the version) and the 17th (the variant); two
-- UUIDs give 240 random bits, of which the first 130 are used.
CREATE OR REPLACE FUNCTION "kora_card_code"() RETURNS varchar LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  alphabet constant text := 'abcdefghijklmnopqrstuvwxyz234567';
  a constant text := replace(gen_random_uuid()::text, '-', '');
  b constant text := replace(gen_random_uuid()::text, '-', '');
  bits constant bit(240) := ('x' || substr(a, 1, 12) || substr(a, 14, 3) || substr(a, 18, 15)
    || substr(b, 1, 12) || substr(b, 14, 3) || substr(b, 18, 15))::bit(240);
  code text := '';
BEGIN
  FOR i IN 0..25 LOOP
    code := code || substr(alphabet, substring(bits FROM i * 5 + 1 FOR 5)::bit(5)::integer + 1, 1);
  END LOOP;
  RETURN code;
END $$;
