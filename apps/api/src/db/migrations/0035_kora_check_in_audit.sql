-- kora_check_in gains `in_audit` (a "Let in anyway" writes its audit entry in the check-in's own
-- statement): the function of the old arguments is dropped, and the new one is created from
-- db/functions/kora_check_in.sql after the migrations.
DROP FUNCTION IF EXISTS "kora_check_in"(integer, integer, timestamptz, timestamptz, text, boolean, boolean, varchar, varchar, timestamptz, integer, integer, varchar, varchar, varchar, integer);
