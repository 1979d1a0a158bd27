package io.snowflakeid.quarkus.reactive;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.logging.Level;
import java.util.logging.LogRecord;

import io.quarkus.arc.Arc;
import io.quarkus.hibernate.reactive.panache.Panache;
import io.quarkus.hibernate.orm.runtime.JPAConfig;
import io.quarkus.test.QuarkusUnitTest;
import io.smallrye.mutiny.Uni;
import io.snowflakeid.SnowflakeIdGenerator;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManagerFactory;
import org.hibernate.engine.config.spi.ConfigurationService;
import org.hibernate.reactive.common.spi.Implementor;
import org.hibernate.reactive.mutiny.Mutiny;
import org.hibernate.reactive.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIf;
import org.junit.jupiter.api.extension.RegisterExtension;

import static org.assertj.core.api.Assertions.assertThat;

/** @SnowflakeId on Hibernate Reactive persists, PostgreSQL through the reactive client, a static worker id. */
@EnabledIf("io.snowflakeid.quarkus.reactive.ReactiveApps#postgresql")
class ReactivePersistTest {

	@RegisterExtension
	static final QuarkusUnitTest app = ReactiveApps.reactiveOnly(Ticket.class)
		.overrideConfigKey("quarkus.snowflake.datacenter-id", "3")
		.overrideConfigKey("quarkus.snowflake.worker-id", "7")
		// stopping must not create the @SegmentId beans to close them (there is no JDBC datasource for them)
		.setLogRecordPredicate((record) -> record.getLevel().intValue() >= Level.WARNING.intValue())
		.assertLogRecords((records) -> assertThat(records).extracting(LogRecord::getMessage)
			.noneMatch((message) -> message.contains("synthetic bean"))
			// the column check cannot run on a reactive unit: said, not silently skipped
			.anyMatch((message) -> message.contains("the @SnowflakeId column check does not run there")));

	@Inject
	Mutiny.SessionFactory sessions;

	@Inject
	SnowflakeIdGenerator generator;

	@Test
	void persistsGetUniqueIdsOfTheConfiguredWorker() {
		List<Ticket> tickets = new ArrayList<>();
		for (int i = 0; i < 300; i++) {
			tickets.add(new Ticket("batch-" + i));
		}
		ReactiveApps.await(() -> this.sessions.withTransaction((session) -> session.persistAll(tickets.toArray())));

		Set<Long> ids = new HashSet<>();
		for (Ticket ticket : tickets) {
			assertThat(ticket.id).isPositive();
			assertThat(this.generator.decode(ticket.id).workerId()).isEqualTo(7);
			assertThat(this.generator.decode(ticket.id).datacenterId()).isEqualTo(3);
			ids.add(ticket.id);
		}
		assertThat(ids).hasSize(300);
		Long count = ReactiveApps.await(() -> this.sessions.withSession((session) -> session
			.createSelectionQuery("select count(*) from Ticket where title like 'batch-%'", Long.class).getSingleResult()));
		assertThat(count).isEqualTo(300);
	}

	/** Panache's active record, {@code entity.persist()} in {@code Panache.withTransaction}: the same generator. */
	@Test
	void aPanacheActiveRecordPersistGetsAnIdOfTheConfiguredWorker() {
		Ticket ticket = new Ticket("panache");
		ReactiveApps.await(() -> Panache.withTransaction(ticket::persist));
		assertThat(ticket.id).isPositive();
		assertThat(this.generator.decode(ticket.id).workerId()).isEqualTo(7);
		Ticket read = ReactiveApps.await(() -> Panache.withSession(() -> Ticket.<Ticket>findById(ticket.id)));
		assertThat(read.title).isEqualTo("panache");
	}

	/**
	 * Hibernate Reactive's other API, {@code CompletionStage}: Quarkus injects the Mutiny one only, an application may
	 * unwrap the Stage one from the persistence unit; its persists get ids of the same generator.
	 */
	@Test
	void theStageApiPersistsGetIdsOfTheConfiguredWorker() {
		EntityManagerFactory unit = Arc.container().instance(JPAConfig.class).get().getEntityManagerFactories().get(0)
			.getItem2();
		Stage.SessionFactory stage = unit.unwrap(Stage.SessionFactory.class);
		List<Ticket> tickets = new ArrayList<>();
		for (int i = 0; i < 60; i++) {
			tickets.add(new Ticket("stage-" + i));
		}
		ReactiveApps.await(() -> Uni.createFrom()
			.completionStage(() -> stage.withTransaction((session) -> session.persist(tickets.toArray()))));

		Set<Long> ids = new HashSet<>();
		for (Ticket ticket : tickets) {
			assertThat(this.generator.decode(ticket.id).workerId()).isEqualTo(7);
			ids.add(ticket.id);
		}
		assertThat(ids).hasSize(60);
		Long count = ReactiveApps.await(() -> Uni.createFrom()
			.completionStage(() -> stage.withSession((session) -> session
				.createSelectionQuery("select count(*) from Ticket where title like 'stage-%'", Long.class)
				.getSingleResult())));
		assertThat(count).isEqualTo(60);
	}

	@Test
	void insertsAreBatchedWhereTheApplicationSetNothingAndTheColumnCheckIsOff() {
		Map<String, Object> settings = ((Implementor) io.quarkus.arc.ClientProxy.unwrap(this.sessions)).getServiceRegistry()
			.requireService(ConfigurationService.class)
			.getSettings();
		assertThat(settings).containsEntry("hibernate.jdbc.batch_size", "50")
			.containsEntry("hibernate.order_inserts", "true")
			// the column check reads the columns over JDBC, which a reactive unit has not: off, said in the log
			.containsEntry("snowflake.schema-check", "off");
	}

	/** Hibernate Reactive's persist passes no current value to the generator: the generator reads it (HR 3.2). */
	@Test
	void anAssignedIdIsKept() {
		Ticket ticket = new Ticket("assigned");
		long assigned = this.generator.nextId();
		ticket.id = assigned;
		ReactiveApps.await(() -> this.sessions.withTransaction((session) -> session.persist(ticket)));
		Ticket read = ReactiveApps.await(() -> this.sessions.withSession((session) -> session.find(Ticket.class, assigned)));
		assertThat(read.title).isEqualTo("assigned");
	}
}
