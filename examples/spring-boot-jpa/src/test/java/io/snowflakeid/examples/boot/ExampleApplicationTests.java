package io.snowflakeid.examples.boot;

import io.snowflakeid.SnowflakeIdGenerator;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;

import static org.assertj.core.api.Assertions.assertThat;

@SpringBootTest
@ExtendWith(OutputCaptureExtension.class)
class ExampleApplicationTests {

	@Autowired
	CustomerRepository customers;

	@Autowired
	SnowflakeIdGenerator ids;

	@Test
	void demoPersistsCustomersWithSnowflakeIdsOfThisInstance(CapturedOutput output) {
		assertThat(this.customers.findAll()).hasSize(2).allSatisfy((customer) -> {
			assertThat(this.ids.decode(customer.getId()).workerId()).isEqualTo(1);
			assertThat(this.ids.decode(customer.getId()).datacenterId()).isEqualTo(1);
		});
		assertThat(output).contains("customer Ada: ").contains("dc=1 worker=1");
	}
}
