package io.snowflakeid.spring.jpa;

import javax.sql.DataSource;

import io.snowflakeid.SnowflakeIdGenerator;
import io.snowflakeid.internal.ManagedGenerator;
import io.snowflakeid.internal.config.WorkerAssignment;
import jakarta.persistence.EntityManager;
import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.transaction.annotation.Transactional;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A {@code @DataJpaTest} (the annotation is on the subclass of each Boot line: it moved packages in Boot 4) uses
 * the starter's generator, configured from application.properties, not one Hibernate builds from its own settings.
 * It is {@code @Transactional} itself: Spring looks for the annotation on the class that declares a test method.
 */
@Transactional
public abstract class DataJpaSliceContract {

	@Autowired
	private EntityManager entityManager;

	@Autowired
	private SnowflakeIdGenerator generator;

	@Autowired
	private ManagedGenerator managed;

	@Autowired
	private DataSource dataSource;

	@Test
	void entitiesGetIdsWithTheDatacenterWorkerAndLayoutOfApplicationProperties() {
		SliceAssertions.assertConfiguredFromApplicationProperties(this.generator);
		Ticket ticket = new Ticket();
		this.entityManager.persist(ticket);
		this.entityManager.flush();
		SliceAssertions.assertIssuedByDatacenter1Worker2(ticket.getId());
		assertThat(this.generator.decode(ticket.getId()).workerId()).isEqualTo(2);
	}

	@Test
	void staticIdsFromApplicationPropertiesLeaseNothingAndCreateNoLeaseTable() throws Exception {
		assertThat(this.managed.assignment()).isEqualTo(WorkerAssignment.STATIC);
		assertThat(this.managed.lease()).isNull();
		this.entityManager.persist(new Ticket());
		this.entityManager.flush();
		assertThat(SliceAssertions.leaseTableExists(this.dataSource)).isFalse();
	}
}
