-- ADR 019 and 026: a staff member's row raises their data version, so the back office's guard may keep the
-- row while the version stands (read with the session on every request) and still sees a role changed or a
-- member blocked through any server copy at the next request.
CREATE CONSTRAINT TRIGGER "staff_members_data_version" AFTER INSERT OR UPDATE OR DELETE ON "staff_members" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "bump_user_data_version"('user_id');
