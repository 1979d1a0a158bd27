package io.snowflakeid.spring;

import io.snowflakeid.SnowflakeSchemaException;

import org.springframework.boot.diagnostics.AbstractFailureAnalyzer;
import org.springframework.boot.diagnostics.FailureAnalysis;

/** Turns a schema that cannot hold the ids into Spring Boot's description and the SQL that fixes it. */
class SnowflakeSchemaFailureAnalyzer extends AbstractFailureAnalyzer<SnowflakeSchemaException> {

	@Override
	protected FailureAnalysis analyze(Throwable rootFailure, SnowflakeSchemaException cause) {
		String description = cause.getMessage();
		int fixSection = description.indexOf("\nFix the columns");
		if (fixSection > 0) {
			description = description.substring(0, fixSection);
		}
		String action = "Run on the database (in a migration if Flyway or Liquibase owns the schema):\n\n    "
				+ cause.getFix().replace("\n", "\n    ")
				+ "\n\nor set snowflake.schema-check=warn to start anyway.";
		return new FailureAnalysis(description, action, cause);
	}
}
