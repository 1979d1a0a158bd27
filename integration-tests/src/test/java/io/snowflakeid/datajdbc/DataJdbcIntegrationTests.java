package io.snowflakeid.datajdbc;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.stream.IntStream;

import javax.sql.DataSource;

import io.snowflakeid.SnowflakeIdGenerator;
import io.snowflakeid.hibernate.SnowflakeId;
import io.snowflakeid.internal.ManagedGenerator;
import io.snowflakeid.it.JdbcRoundTrips;
import io.snowflakeid.it.TestDatabase;
import io.snowflakeid.internal.config.WorkerAssignment;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import org.springframework.beans.factory.ObjectProvider;
import org.springframework.beans.factory.config.BeanPostProcessor;
import org.springframework.boot.SpringBootVersion;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.data.jdbc.core.JdbcAggregateTemplate;
import org.springframework.transaction.support.TransactionTemplate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * A Spring Boot application with Spring Data JDBC and neither JPA nor Hibernate (this package runs in a surefire
 * execution of its own, with Hibernate and the JPA API off the class path), inserting aggregates on H2, PostgreSQL
 * and MariaDB.
 */
@Tag("without-hibernate") // run by the data-jdbc-without-hibernate execution only, whatever -Dtest selects
class DataJdbcIntegrationTests {

	static List<TestDatabase> databases() {
		return TestDatabase.enabled();
	}

	private static ConfigurableApplicationContext start(TestDatabase database, String url, String... extra) {
		List<String> properties = new ArrayList<>(List.of("spring.datasource.url=" + url,
				"spring.datasource.username=" + database.username(),
				"spring.datasource.password=" + database.password(), "spring.sql.init.mode=always",
				"spring.sql.init.schema-locations=classpath:data-jdbc-schema.sql",
				"spring.main.web-application-type=none", "spring.main.banner-mode=off",
				// a lease table of these tests' own: the servers are shared with other test runs
				"snowflake.lease.table-name=it_data_jdbc_lease"));
		properties.addAll(List.of(extra));
		return new SpringApplicationBuilder(DataJdbcApplication.class, RoundTripCounting.class)
			.properties(properties.toArray(String[]::new))
			.run();
	}

	@Test
	void theClassPathHasNeitherHibernateNorJpaYetTheAnnotationsAreReadable() throws Exception {
		assertThatThrownBy(() -> Class.forName("org.hibernate.annotations.IdGeneratorType"))
			.isInstanceOf(ClassNotFoundException.class);
		assertThatThrownBy(() -> Class.forName("jakarta.persistence.Entity"))
			.isInstanceOf(ClassNotFoundException.class);
		assertThat(DataJdbcNote.class.getDeclaredField("id").getAnnotation(SnowflakeId.class))
			.as("@SnowflakeId loads; its Hibernate meta-annotation is simply absent")
			.isNotNull();
	}

	@ParameterizedTest
	@MethodSource("databases")
	void aggregatesSavedFromSeveralThreadsGetUniqueIdsOfTheLeasedWorker(TestDatabase database) throws Exception {
		String url = database.url();
		try (ConfigurableApplicationContext context = start(database, url)) {
			ManagedGenerator managed = context.getBean(ManagedGenerator.class);
			assertThat(managed.assignment()).isEqualTo(WorkerAssignment.DATABASE_LEASE);
			SnowflakeIdGenerator generator = context.getBean(SnowflakeIdGenerator.class);
			DataJdbcNoteRepository notes = context.getBean(DataJdbcNoteRepository.class);
			ConcurrentLinkedQueue<Long> ids = new ConcurrentLinkedQueue<>();
			ExecutorService threads = Executors.newFixedThreadPool(4);
			try {
				List<Future<?>> done = new ArrayList<>();
				for (int thread = 0; thread < 4; thread++) {
					done.add(threads.submit(() -> {
						for (int i = 0; i < 50; i++) {
							ids.add(notes.save(new DataJdbcNote("thread")).getId());
						}
					}));
				}
				for (Future<?> future : done) {
					future.get();
				}
			}
			finally {
				threads.shutdown();
			}
			assertThat(new HashSet<>(ids)).hasSize(200);
			assertThat(ids).allSatisfy((id) -> {
				assertThat(generator.decode(id).workerId()).isEqualTo(managed.lease().workerId());
				assertThat(generator.decode(id).datacenterId()).isEqualTo(managed.lease().datacenterId());
			});
			assertThat(notes.findAllById(ids)).as("rows on %s", database).hasSize(200);
			assertThat(heldLeases(database, url)).as("one lease held while running").isOne();
		}
		assertThat(heldLeases(database, url)).as("released on close").isZero();
	}

	private static long heldLeases(TestDatabase database, String url) throws Exception {
		try (Connection connection = database.connect(url);
				ResultSet held = connection.createStatement()
					.executeQuery("SELECT COUNT(*) FROM it_data_jdbc_lease WHERE lease_end > 0")) {
			held.next();
			return held.getLong(1);
		}
	}

	@ParameterizedTest
	@MethodSource("databases")
	void saveAllOfNewAggregatesIsOneJdbcBatch(TestDatabase database) {
		try (ConfigurableApplicationContext context = start(database, database.url(), "snowflake.datacenter-id=5",
				"snowflake.worker-id=21")) {
			DataJdbcNoteRepository notes = context.getBean(DataJdbcNoteRepository.class);
			JdbcRoundTrips roundTrips = context.getBean(RoundTripCounting.class).roundTrips;
			List<DataJdbcNote> fresh = IntStream.range(0, 500).mapToObj((i) -> new DataJdbcNote("batch " + i)).toList();
			roundTrips.reset();
			List<DataJdbcNote> saved = notes.saveAll(fresh);
			String where = database + " with Spring Boot " + SpringBootVersion.getVersion();
			assertThat(roundTrips.batches()).as("JDBC batches for 500 new aggregates on %s", where).isOne();
			assertThat(roundTrips.singleUpdates()).as("single INSERTs on %s", where).isZero();
			assertThat(notes.findAllById(saved.stream().map(DataJdbcNote::getId).toList())).hasSize(500);
		}
	}

	@ParameterizedTest
	@MethodSource("databases")
	void recordsWithStringIdsAreInsertedAndReadBack(TestDatabase database) {
		try (ConfigurableApplicationContext context = start(database, database.url(), "snowflake.datacenter-id=5",
				"snowflake.worker-id=22")) {
			DataJdbcMemoRepository memos = context.getBean(DataJdbcMemoRepository.class);
			List<DataJdbcMemo> saved = memos.saveAll(List.of(new DataJdbcMemo(null, "a"), new DataJdbcMemo(null, "b")));
			assertThat(saved).allSatisfy((memo) -> assertThat(memo.id()).hasSize(19).containsOnlyDigits());
			assertThat(memos.findById(saved.get(1).id())).contains(saved.get(1));
			assertThat(saved.get(0).id()).as("zero-padded: text order is id order").isLessThan(saved.get(1).id());
		}
	}

	@ParameterizedTest
	@MethodSource("databases")
	void idsTheApplicationSetAreInsertedAsTheyAre(TestDatabase database) {
		try (ConfigurableApplicationContext context = start(database, database.url(), "snowflake.datacenter-id=5",
				"snowflake.worker-id=23")) {
			JdbcAggregateTemplate template = context.getBean(JdbcAggregateTemplate.class);
			long imported = context.getBean(SnowflakeIdGenerator.class).nextId(); // unique on the shared servers
			DataJdbcNote note = new DataJdbcNote("imported");
			note.setId(imported);
			// save() reads a set id as "exists" (an UPDATE); insert() is Spring Data JDBC's way to import rows
			assertThat(template.insert(note).getId()).isEqualTo(imported);
			assertThat(template.findById(imported, DataJdbcNote.class)).extracting(DataJdbcNote::getText)
				.isEqualTo("imported");
		}
	}

	@ParameterizedTest
	@MethodSource("databases")
	void segmentIdsAreDenseAcrossAGracefulRestart(TestDatabase database) throws Exception {
		String url = database.url();
		List<Long> ids = new ArrayList<>();
		try (ConfigurableApplicationContext first = start(database, url, "snowflake.datacenter-id=5",
				"snowflake.worker-id=24")) {
			try (Connection connection = database.connect(url); Statement statement = connection.createStatement()) {
				statement.execute("DELETE FROM data_jdbc_voucher");
				for (String table : List.of("snowflake_segment", "snowflake_segment_free")) {
					try {
						statement.execute("DELETE FROM " + table + " WHERE segment_key = '" + DataJdbcVoucher.KEY + "'");
					}
					catch (SQLException ex) {
						// not there yet: segment mode creates its tables on the first @SegmentId save
					}
				}
			}
			saveVouchers(first, 30, ids);
		}
		try (ConfigurableApplicationContext second = start(database, url, "snowflake.datacenter-id=5",
				"snowflake.worker-id=24")) {
			saveVouchers(second, 5, ids);
		}
		assertThat(ids).as("dense from 1 across a graceful restart")
			.containsExactlyElementsOf(IntStream.rangeClosed(1, 35).mapToObj(Long::valueOf).toList());
	}

	private static void saveVouchers(ConfigurableApplicationContext context, int count, List<Long> ids) {
		DataJdbcVoucherRepository vouchers = context.getBean(DataJdbcVoucherRepository.class);
		context.getBean(TransactionTemplate.class).executeWithoutResult((status) -> {
			for (int i = 0; i < count; i++) {
				ids.add(vouchers.save(new DataJdbcVoucher()).getId());
			}
		});
	}

	@Configuration(proxyBeanMethods = false)
	static class RoundTripCounting {

		final JdbcRoundTrips roundTrips = new JdbcRoundTrips();

		@Bean
		static BeanPostProcessor countingDataSource(ObjectProvider<RoundTripCounting> counting) {
			return new BeanPostProcessor() {
				@Override
				public Object postProcessAfterInitialization(Object bean, String beanName) {
					return (bean instanceof DataSource dataSource) ? counting.getObject().roundTrips.wrap(dataSource)
							: bean;
				}
			};
		}
	}
}
