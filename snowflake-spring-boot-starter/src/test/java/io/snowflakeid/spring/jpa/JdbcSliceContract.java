package io.snowflakeid.spring.jpa;

import javax.sql.DataSource;

import io.snowflakeid.SnowflakeIdGenerator;
import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.annotation.Autowired;

import static org.assertj.core.api.Assertions.assertThat;

/** A {@code @JdbcTest} has the starter's generator (for JDBC code that assigns ids itself), configured as usual. */
public abstract class JdbcSliceContract {

	@Autowired
	private SnowflakeIdGenerator generator;

	@Autowired
	private DataSource dataSource;

	@Test
	void generatorBeanHasTheDatacenterWorkerAndLayoutOfApplicationProperties() throws Exception {
		SliceAssertions.assertConfiguredFromApplicationProperties(this.generator);
		SliceAssertions.assertIssuedByDatacenter1Worker2(this.generator.nextId());
		assertThat(SliceAssertions.leaseTableExists(this.dataSource)).isFalse();
	}
}
