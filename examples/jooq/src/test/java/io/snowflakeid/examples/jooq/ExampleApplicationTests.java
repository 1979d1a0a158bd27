package io.snowflakeid.examples.jooq;

import io.snowflakeid.SnowflakeIdGenerator;
import io.snowflakeid.examples.jooq.db.tables.records.CustomerRecord;
import org.jooq.DSLContext;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;

import static io.snowflakeid.examples.jooq.db.Tables.CUSTOMER;
import static io.snowflakeid.examples.jooq.db.Tables.PURCHASE_ORDER;
import static org.assertj.core.api.Assertions.assertThat;

@SpringBootTest
@ExtendWith(OutputCaptureExtension.class)
class ExampleApplicationTests {

	@Autowired
	DSLContext dsl;

	@Autowired
	SnowflakeIdGenerator ids;

	@Test
	void demoInsertsRecordsWithSnowflakeIdsOfThisInstance(CapturedOutput output) {
		assertThat(this.dsl.fetch(CUSTOMER)).hasSize(2).allSatisfy((customer) -> {
			assertThat(this.ids.decode(customer.getId()).datacenterId()).isEqualTo(1);
			assertThat(this.ids.decode(customer.getId()).workerId()).isEqualTo(1);
		});
		assertThat(this.dsl.fetch(PURCHASE_ORDER)).hasSize(2)
			.allSatisfy((order) -> assertThat(this.ids.decode(order.getId()).workerId()).isEqualTo(1));
		assertThat(output).contains("customer Ada: ").contains("dc=1 worker=1");
	}

	@Test
	void aRecordStoredAndReadBackKeepsItsId() {
		CustomerRecord stored = this.dsl.newRecord(CUSTOMER);
		stored.setName("Barbara");
		stored.store();
		CustomerRecord read = this.dsl.fetchOne(CUSTOMER, CUSTOMER.ID.eq(stored.getId()));
		assertThat(read.getName()).isEqualTo("Barbara");
		assertThat(this.ids.decode(read.getId()).workerId()).isEqualTo(1);
	}
}
