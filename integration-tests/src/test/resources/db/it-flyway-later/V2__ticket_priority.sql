-- A later migration of the application, written after the library's location was added.
ALTER TABLE mig_ticket ADD priority INT;
