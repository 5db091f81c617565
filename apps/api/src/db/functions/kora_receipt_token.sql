-- A receipt's public token (the link /r/{token}): 32 URL-safe characters (base64 with - and _),
-- 192 random bits. Built from gen_random_uuid(), which PostgreSQL 13+ and PGlite both have
-- (gen_random_bytes needs pgcrypto): a version 4 UUID carries 122 random bits, in every hex digit
-- but the 13th (the version) and the 17th (the variant); the 30 random digits of one UUID and 18
-- of another make 24 bytes, which base64 writes as exactly 32 characters. The money_trail
-- migration creates it (its backfill needs it); this file keeps its text.
CREATE OR REPLACE FUNCTION "kora_receipt_token"() RETURNS varchar LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  a constant text := replace(gen_random_uuid()::text, '-', '');
  b constant text := replace(gen_random_uuid()::text, '-', '');
  hex constant text := substr(a, 1, 12) || substr(a, 14, 3) || substr(a, 18, 15)
    || substr(b, 1, 12) || substr(b, 14, 3) || substr(b, 18, 3);
BEGIN
  RETURN translate(encode(decode(hex, 'hex'), 'base64'), '+/', '-_');
END $$;
