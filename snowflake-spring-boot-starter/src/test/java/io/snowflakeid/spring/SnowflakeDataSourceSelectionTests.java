package io.snowflakeid.spring;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.UUID;

import javax.sql.DataSource;

import io.snowflakeid.internal.ManagedGenerator;
import io.snowflakeid.segment.SegmentIdGenerators;
import io.snowflakeid.internal.config.WorkerAssignment;
import org.h2.jdbcx.JdbcDataSource;
import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.BeanCreationException;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.diagnostics.FailureAnalysis;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.Primary;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * Which DataSource holds the worker id leases and the segments when the application has several: the one marked
 * {@link SnowflakeDataSource}, else the {@code @Primary} one, else none (fine until a database is needed).
 */
class SnowflakeDataSourceSelectionTests {

	private final ApplicationContextRunner contextRunner = new ApplicationContextRunner()
		.withConfiguration(AutoConfigurations.of(SnowflakeAutoConfiguration.class))
		.withPropertyValues("snowflake.lease.duration=5s");

	@Test
	void twoDataSourcesWithoutPrimaryStartWithStaticIdsAndTouchNeitherDatabase() {
		this.contextRunner.withUserConfiguration(TwoPlainDataSources.class)
			.withPropertyValues("snowflake.datacenter-id=1", "snowflake.worker-id=2")
			.run((context) -> {
				assertThat(context).hasNotFailed();
				ManagedGenerator managed = context.getBean(ManagedGenerator.class);
				assertThat(managed.assignment()).isEqualTo(WorkerAssignment.STATIC);
				assertThat(managed.generator().workerId()).isEqualTo(2);
				assertThat(context).hasSingleBean(SegmentIdGenerators.class);
				assertThat(tables(context.getBean("first", DataSource.class))).isZero();
				assertThat(tables(context.getBean("second", DataSource.class))).isZero();
			});
	}

	@Test
	void twoDataSourcesWithoutPrimaryAndNoStaticIdsFailTheStartNamingTheAnnotationAndTheProperties() {
		this.contextRunner.withUserConfiguration(TwoPlainDataSources.class).run((context) -> {
			assertThat(context).hasFailed();
			assertThat(context.getStartupFailure()).rootCause()
				.isInstanceOf(AmbiguousDataSourceException.class)
				.hasMessageContaining("2 DataSource beans ('first', 'second')")
				.hasMessageContaining("@io.snowflakeid.spring.SnowflakeDataSource")
				.hasMessageContaining("@Primary")
				.hasMessageContaining("snowflake.datacenter-id and snowflake.worker-id");
			FailureAnalysis analysis = new AmbiguousDataSourceFailureAnalyzer().analyze(context.getStartupFailure());
			assertThat(analysis).isNotNull();
			assertThat(analysis.getDescription()).contains("worker id lease", "'first', 'second'");
			assertThat(analysis.getAction()).contains("@io.snowflakeid.spring.SnowflakeDataSource", "@Primary",
					"snowflake.datacenter-id and snowflake.worker-id");
		});
	}

	/**
	 * worker-assignment=database-lease with two DataSources: the static ids offered instead come with
	 * worker-assignment=static (a worker id beside database-lease is refused at start).
	 */
	@Test
	void twoDataSourcesWithAnExplicitLeaseOfferStaticIdsWithTheirAssignment() {
		this.contextRunner.withUserConfiguration(TwoPlainDataSources.class)
			.withPropertyValues("snowflake.worker-assignment=database-lease")
			.run((context) -> {
				assertThat(context).hasFailed();
				assertThat(context.getStartupFailure()).rootCause()
					.isInstanceOf(AmbiguousDataSourceException.class)
					.hasMessageContaining("snowflake.worker-assignment=static");
				assertThat(new AmbiguousDataSourceFailureAnalyzer().analyze(context.getStartupFailure()).getAction())
					.contains("snowflake.worker-assignment=static");
			});
	}

	@Test
	void explicitDatabaseLeaseWithTwoUnchosenDataSourcesFailsTheStartSayingSo() {
		this.contextRunner.withUserConfiguration(TwoPlainDataSources.class)
			.withPropertyValues("snowflake.worker-assignment=database-lease", "snowflake.datacenter-id=1")
			.run((context) -> assertThat(context.getStartupFailure()).rootCause()
				.isInstanceOf(AmbiguousDataSourceException.class)
				.hasMessageContaining("snowflake.worker-assignment=database-lease"));
	}

	@Test
	void leaseIsHeldInTheDataSourceMarkedSnowflakeDataSourceEvenWhenAnotherIsPrimary() {
		this.contextRunner.withUserConfiguration(PrimaryAndMarkedDataSources.class).run((context) -> {
			assertThat(context).hasNotFailed();
			assertThat(context.getBean(ManagedGenerator.class).assignment())
				.isEqualTo(WorkerAssignment.DATABASE_LEASE);
			assertThat(tableExists(context.getBean("ids", DataSource.class), "SNOWFLAKE_WORKER_LEASE")).isTrue();
			assertThat(tables(context.getBean("business", DataSource.class))).as("the @Primary one").isZero();
		});
	}

	@Test
	void theOnlyDataSourceHoldsTheLeaseMarkedOrNot() {
		this.contextRunner.withUserConfiguration(OneMarkedDataSource.class).run((context) -> {
			assertThat(context).hasNotFailed();
			assertThat(tableExists(context.getBean("ids", DataSource.class), "SNOWFLAKE_WORKER_LEASE")).isTrue();
		});
		this.contextRunner.withBean("only", DataSource.class, () -> h2("only")).run((context) -> {
			assertThat(context).hasNotFailed();
			assertThat(tableExists(context.getBean("only", DataSource.class), "SNOWFLAKE_WORKER_LEASE")).isTrue();
		});
	}

	@Test
	void theOnlyDataSourceMarkedButNoDefaultCandidateHoldsTheLease() {
		this.contextRunner.withUserConfiguration(OneMarkedNonDefaultDataSource.class).run((context) -> {
			assertThat(context).hasNotFailed();
			assertThat(context.getBean(ManagedGenerator.class).assignment()).isEqualTo(WorkerAssignment.DATABASE_LEASE);
			assertThat(tableExists(context.getBean("ids", DataSource.class), "SNOWFLAKE_WORKER_LEASE")).isTrue();
		});
	}

	@Test
	void theOnlyDataSourceUnmarkedAndNoAutowireCandidateIsNotUsed() {
		this.contextRunner.withUserConfiguration(OneNonCandidateDataSource.class)
			.withPropertyValues("snowflake.datacenter-id=1", "snowflake.worker-id=2")
			.run((context) -> {
				assertThat(context).hasNotFailed();
				assertThat(context.getBean(ManagedGenerator.class).assignment()).isEqualTo(WorkerAssignment.STATIC);
				assertThat(tables(context.getBean("hidden", DataSource.class))).isZero();
			});
	}

	@Test
	void aChildContextsMarkedDataSourceWinsOverItsParentsDataSource() {
		new ApplicationContextRunner().withUserConfiguration(OneParentDataSource.class).run((parent) -> this.contextRunner
			.withParent(parent)
			.withUserConfiguration(OneMarkedDataSource.class)
			.run((context) -> {
				assertThat(context).hasNotFailed();
				assertThat(tableExists(context.getBean("ids", DataSource.class), "SNOWFLAKE_WORKER_LEASE")).isTrue();
				assertThat(tables(parent.getBean("parentDatabase", DataSource.class))).isZero();
			}));
	}

	@Test
	void aChildContextWithTwoUnchosenDataSourcesCountingItsParentsFailsTheStart() {
		new ApplicationContextRunner().withUserConfiguration(OneParentDataSource.class).run((parent) -> this.contextRunner
			.withParent(parent)
			.withBean("child", DataSource.class, () -> h2("child"))
			.run((context) -> assertThat(context.getStartupFailure()).rootCause()
				.isInstanceOf(AmbiguousDataSourceException.class)
				.hasMessageContaining("'child', 'parentDatabase'")));
	}

	@Test
	void leaseIsHeldInThePrimaryDataSourceWhenNoneIsMarked() {
		this.contextRunner.withUserConfiguration(PrimaryAndPlainDataSources.class).run((context) -> {
			assertThat(context).hasNotFailed();
			assertThat(context.getBean(ManagedGenerator.class).lease()).isNotNull();
			assertThat(tableExists(context.getBean("business", DataSource.class), "SNOWFLAKE_WORKER_LEASE")).isTrue();
			assertThat(tables(context.getBean("other", DataSource.class))).isZero();
		});
	}

	@Test
	void segmentGeneratorsNeedADataSourceOnlyWhenAskedAndThenNameTheAnnotation() {
		this.contextRunner.withUserConfiguration(TwoPlainDataSources.class)
			.withPropertyValues("snowflake.datacenter-id=1", "snowflake.worker-id=2")
			.run((context) -> {
				assertThat(context).hasNotFailed();
				assertThatThrownBy(() -> context.getBean(SegmentIdGenerators.class))
					.isInstanceOf(BeanCreationException.class)
					.rootCause()
					.isInstanceOf(AmbiguousDataSourceException.class)
					.hasMessageContaining("@SegmentId needs a database")
					.hasMessageContaining("('first', 'second')")
					.hasMessageContaining("@io.snowflakeid.spring.SnowflakeDataSource");
			});
	}

	@Test
	void segmentsLiveInTheDataSourceMarkedSnowflakeDataSource() {
		this.contextRunner.withUserConfiguration(PrimaryAndMarkedDataSources.class)
			.withPropertyValues("snowflake.datacenter-id=1", "snowflake.worker-id=2")
			.run((context) -> {
				SegmentIdGenerators segments = context.getBean(SegmentIdGenerators.class);
				assertThat(segments.generator("orders", 1, 10).nextId()).isEqualTo(1);
				assertThat(tableExists(context.getBean("ids", DataSource.class), "SNOWFLAKE_SEGMENT")).isTrue();
				assertThat(tables(context.getBean("business", DataSource.class))).isZero();
			});
	}

	@Test
	void segmentGeneratorsWithoutAnyDataSourceFailWhenAskedNotAtStart() {
		this.contextRunner.withPropertyValues("snowflake.datacenter-id=1", "snowflake.worker-id=2")
			.run((context) -> {
				assertThat(context).hasNotFailed();
				assertThatThrownBy(() -> context.getBean(SegmentIdGenerators.class)).rootCause()
					.hasMessageContaining("@SegmentId needs a database")
					.hasMessageContaining("no DataSource bean");
			});
	}

	private static JdbcDataSource h2(String name) {
		JdbcDataSource dataSource = new JdbcDataSource();
		dataSource.setURL("jdbc:h2:mem:" + name + "-" + UUID.randomUUID() + ";DB_CLOSE_DELAY=-1");
		return dataSource;
	}

	/** Tables the application created (outside H2's own schemas). */
	private static int tables(DataSource dataSource) throws SQLException {
		try (Connection connection = dataSource.getConnection();
				ResultSet result = connection.createStatement()
					.executeQuery("SELECT COUNT(*) FROM INFORMATION_SCHEMA.TABLES WHERE TABLE_SCHEMA = 'PUBLIC'")) {
			result.next();
			return result.getInt(1);
		}
	}

	private static boolean tableExists(DataSource dataSource, String table) throws SQLException {
		try (Connection connection = dataSource.getConnection();
				ResultSet result = connection.createStatement()
					.executeQuery("SELECT COUNT(*) FROM INFORMATION_SCHEMA.TABLES"
							+ " WHERE TABLE_NAME = '" + table + "'")) {
			result.next();
			return result.getInt(1) == 1;
		}
	}

	@Configuration(proxyBeanMethods = false)
	static class TwoPlainDataSources {

		@Bean
		DataSource first() {
			return h2("first");
		}

		@Bean
		DataSource second() {
			return h2("second");
		}
	}

	@Configuration(proxyBeanMethods = false)
	static class PrimaryAndMarkedDataSources {

		@Bean
		@Primary
		DataSource business() {
			return h2("business");
		}

		@Bean
		@SnowflakeDataSource
		DataSource ids() {
			return h2("ids");
		}
	}

	@Configuration(proxyBeanMethods = false)
	static class OneMarkedDataSource {

		@Bean
		@SnowflakeDataSource
		DataSource ids() {
			return h2("ids");
		}
	}

	@Configuration(proxyBeanMethods = false)
	static class OneMarkedNonDefaultDataSource {

		@Bean(defaultCandidate = false)
		@SnowflakeDataSource
		DataSource ids() {
			return h2("ids");
		}
	}

	@Configuration(proxyBeanMethods = false)
	static class OneNonCandidateDataSource {

		@Bean(autowireCandidate = false)
		DataSource hidden() {
			return h2("hidden");
		}
	}

	@Configuration(proxyBeanMethods = false)
	static class OneParentDataSource {

		@Bean
		DataSource parentDatabase() {
			return h2("parent");
		}
	}

	@Configuration(proxyBeanMethods = false)
	static class PrimaryAndPlainDataSources {

		@Bean
		@Primary
		DataSource business() {
			return h2("business");
		}

		@Bean
		DataSource other() {
			return h2("other");
		}
	}
}
