package io.snowflakeid.datajdbc;

import io.snowflakeid.hibernate.SegmentId;

import org.springframework.data.annotation.Id;

/** Dense numbers from segment mode (table data_jdbc_voucher), a primitive long id. */
public class DataJdbcVoucher {

	static final String KEY = "it-data-jdbc-voucher";

	@Id
	@SegmentId(key = KEY, step = 20)
	private long id;

	public long getId() {
		return this.id;
	}
}
