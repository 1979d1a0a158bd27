package io.snowflakeid.examples.datajdbc;

import io.snowflakeid.hibernate.SnowflakeId;

import org.springframework.data.annotation.Id;

/** An aggregate root as a record: save() returns a copy with the id. */
public record PurchaseOrder(@Id @SnowflakeId Long id, Long customerId, long cents) {
}
