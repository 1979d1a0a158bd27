-- The application's own first migration (the tests' stand-in for a user's V1).
CREATE TABLE mig_ticket (id BIGINT NOT NULL, subject VARCHAR(100), PRIMARY KEY (id));
CREATE TABLE mig_member (id BIGINT NOT NULL, name VARCHAR(100), PRIMARY KEY (id));
