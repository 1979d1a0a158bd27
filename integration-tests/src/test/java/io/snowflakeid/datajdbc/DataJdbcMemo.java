package io.snowflakeid.datajdbc;

import io.snowflakeid.hibernate.SnowflakeId;

import org.springframework.data.annotation.Id;

/** An immutable aggregate root (table data_jdbc_memo) with a String id: the zero-padded decimal form. */
public record DataJdbcMemo(@Id @SnowflakeId String id, String text) {
}
