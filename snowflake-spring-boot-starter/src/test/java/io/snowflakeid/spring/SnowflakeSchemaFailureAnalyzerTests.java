package io.snowflakeid.spring;

import io.snowflakeid.SnowflakeSchemaException;
import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.BeanCreationException;
import org.springframework.boot.diagnostics.FailureAnalysis;

import static org.assertj.core.api.Assertions.assertThat;

class SnowflakeSchemaFailureAnalyzerTests {

	@Test
	void describesTheColumnsAndGivesTheStatementsAsTheAction() {
		SnowflakeSchemaException cause = new SnowflakeSchemaException("The database cannot hold the ids of 2 "
				+ "attribute(s):\n  - A.id ...\n  - B.id ...\nFix the columns (then restart), or ...",
				"ALTER TABLE a ALTER COLUMN id TYPE BIGINT;\nALTER TABLE b ALTER COLUMN id TYPE BIGINT;");
		FailureAnalysis analysis = new SnowflakeSchemaFailureAnalyzer()
			.analyze(new BeanCreationException("entityManagerFactory", "failed", cause));
		assertThat(analysis).isNotNull();
		assertThat(analysis.getDescription()).contains("A.id").contains("B.id").doesNotContain("Fix the columns");
		assertThat(analysis.getAction()).contains("    ALTER TABLE a ALTER COLUMN id TYPE BIGINT;\n"
				+ "    ALTER TABLE b ALTER COLUMN id TYPE BIGINT;")
			.contains("snowflake.schema-check=warn");
		assertThat(analysis.getCause()).isSameAs(cause);
	}
}
