package io.snowflakeid.spring.jooq;

import java.util.ArrayList;
import java.util.List;

import org.springframework.boot.context.properties.ConfigurationProperties;

/** jOOQ integration, under {@code snowflake.jooq.*}. */
@ConfigurationProperties(prefix = "snowflake.jooq")
class SnowflakeJooqProperties {

	/**
	 * Columns that get snowflake ids when jOOQ inserts a record without a value in them (store, insert, merge,
	 * batchStore, DAO inserts): table.column or schema.table.column, comma-separated, matched ignoring case. BIGINT
	 * columns get the id, text columns its fixed-width decimal form. Checked against the database at start (see
	 * snowflake.schema-check).
	 */
	private List<String> columns = new ArrayList<>();

	public List<String> getColumns() {
		return this.columns;
	}

	public void setColumns(List<String> columns) {
		this.columns = columns;
	}
}
