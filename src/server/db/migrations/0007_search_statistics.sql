-- Track up to ~10 000 common search words (not ~1 000), so search can tell rare words from common.
ALTER TABLE work_requests ALTER COLUMN search_vector SET STATISTICS 1000;
