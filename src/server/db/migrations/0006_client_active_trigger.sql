-- work_requests.client_active follows the client's account status, whoever changes it
-- (the person, an administrator, or a script), so browsing never shows a disabled client's requests.
CREATE OR REPLACE FUNCTION users_sync_client_active() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  UPDATE work_requests SET client_active = (NEW.account_status = 'active')
  WHERE client_id = NEW.id AND client_active IS DISTINCT FROM (NEW.account_status = 'active');
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER users_sync_client_active
  AFTER UPDATE OF account_status ON users
  FOR EACH ROW WHEN (OLD.account_status IS DISTINCT FROM NEW.account_status)
  EXECUTE FUNCTION users_sync_client_active();--> statement-breakpoint
CREATE OR REPLACE FUNCTION work_requests_set_client_active() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  NEW.client_active := coalesce((SELECT account_status = 'active' FROM users WHERE id = NEW.client_id), false);
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER work_requests_set_client_active
  BEFORE INSERT OR UPDATE OF client_id ON work_requests
  FOR EACH ROW EXECUTE FUNCTION work_requests_set_client_active();--> statement-breakpoint
UPDATE work_requests w SET client_active = (u.account_status = 'active')
FROM users u WHERE u.id = w.client_id AND w.client_active IS DISTINCT FROM (u.account_status = 'active');
