package io.snowflakeid.spring;

import io.snowflakeid.hibernate.internal.registry.SnowflakeMappingException;

import org.springframework.boot.diagnostics.FailureAnalysis;
import org.springframework.boot.diagnostics.FailureAnalyzer;

/**
 * Turns an {@code @SnowflakeId}/{@code @SegmentId} attribute the library cannot fill into Spring Boot's failure report,
 * with what else changes along with the fix (an {@code Integer} id becomes a {@code Long} in repositories, request
 * mappings, foreign keys and scripts). Matches the exception by name first: applications without Hibernate load this
 * analyzer too, and must not need Hibernate's classes for it.
 */
class SnowflakeMappingFailureAnalyzer implements FailureAnalyzer {

	private static final String EXCEPTION = "io.snowflakeid.hibernate.internal.registry.SnowflakeMappingException";

	@Override
	public FailureAnalysis analyze(Throwable failure) {
		for (Throwable cause = failure; cause != null; cause = cause.getCause()) {
			if (cause.getClass().getName().equals(EXCEPTION)) {
				return Report.of(cause);
			}
		}
		return null;
	}

	/** Touches the Hibernate binding's class only once an instance of it was found. */
	private static final class Report {

		static FailureAnalysis of(Throwable found) {
			SnowflakeMappingException cause = (SnowflakeMappingException) found;
			String action = switch (cause.getProblem()) {
				case UNSUPPORTED_TYPE -> unsupportedType(cause);
				case COMBINED_WITH_GENERATED_VALUE -> "Remove @GeneratedValue from " + cause.getAttribute() + ": "
						+ cause.getAnnotation() + " generates the id in the application, before the INSERT (which is "
						+ "what lets Hibernate batch). Then drop the column's own generation in a migration "
						+ "(MySQL/MariaDB: ALTER TABLE ... MODIFY id BIGINT NOT NULL; PostgreSQL: ALTER TABLE ... "
						+ "ALTER COLUMN id DROP IDENTITY IF EXISTS, or DROP DEFAULT for a serial), or keep "
						+ "@GeneratedValue and remove " + cause.getAnnotation() + " if this entity is not to migrate.";
			};
			return new FailureAnalysis(cause.getMessage(), action, cause);
		}

		private static String unsupportedType(SnowflakeMappingException cause) {
			boolean segment = cause.getAnnotation().equals("@SegmentId");
			String declared = cause.getAttributeType();
			return "Declare " + cause.getAttribute() + " as Long (or long" + (segment ? "" : ", or String for the "
					+ "zero-padded decimal form") + ") instead of " + declared + ": "
					+ (segment ? "segment ids are 64-bit numbers." : "snowflake ids need 64 bits (an Integer holds 31).")
					+ " What changes with it:\n"
					+ "    - repositories: JpaRepository<Entity, " + simple(declared) + "> becomes JpaRepository<Entity, Long> "
					+ "(and CrudRepository, findById arguments);\n"
					+ "    - web: @PathVariable and @RequestParam ids, DTOs and clients take a Long (in JSON the starter "
					+ "writes snowflake ids as strings: JavaScript numbers lose precision above 2^53);\n"
					+ "    - the schema: the id column and every foreign key column that refers to it become BIGINT, in a "
					+ "migration (Flyway/Liquibase); if the schema is rebuilt from scripts at every start (schema.sql), "
					+ "change the types in those scripts;\n"
					+ "    - other entities' references (@ManyToOne targets, ids held as numbers) follow the type.\n"
					+ "See docs/migrating.md, section \"Integer ids\".";
		}

		private static String simple(String typeName) {
			int dot = typeName.lastIndexOf('.');
			return (dot >= 0) ? typeName.substring(dot + 1) : typeName;
		}
	}
}
