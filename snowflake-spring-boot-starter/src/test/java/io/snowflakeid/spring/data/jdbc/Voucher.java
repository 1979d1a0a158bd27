package io.snowflakeid.spring.data.jdbc;

import io.snowflakeid.hibernate.SegmentId;

import org.springframework.data.annotation.Id;
import org.springframework.data.relational.core.mapping.Table;

/** Short, dense numbers from segment mode. */
@Table
public class Voucher {

	@Id
	@SegmentId(key = "data-jdbc-voucher", initialValue = 1000, step = 10)
	private Long id;

	public Long getId() {
		return this.id;
	}
}
