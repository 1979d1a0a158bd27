package io.snowflakeid.spring.jooq;

import java.util.Arrays;
import java.util.UUID;

import javax.sql.DataSource;

import io.snowflakeid.SnowflakeConfigurationException;
import io.snowflakeid.SnowflakeIdGenerator;
import io.snowflakeid.SnowflakeSchemaException;
import io.snowflakeid.jooq.SnowflakeRecordListener;
import io.snowflakeid.spring.SnowflakeAutoConfiguration;
import org.jooq.DSLContext;
import org.jooq.RecordListenerProvider;
import org.jooq.SQLDialect;
import org.jooq.impl.DSL;
import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.FilteredClassLoader;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.jdbc.datasource.DriverManagerDataSource;

import static io.snowflakeid.spring.jooq.Book.BOOK;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The jOOQ auto-configuration with Spring Boot's DataSource and jOOQ auto-configurations of the running line, on an
 * embedded H2 database (tables of jooq-schema.sql): real inserts through the application's {@code DSLContext}.
 */
class SnowflakeJooqAutoConfigurationTests {

	private final ApplicationContextRunner contextRunner = new ApplicationContextRunner()
		.withConfiguration(AutoConfigurations.of(line("org.springframework.boot.jdbc.autoconfigure.DataSourceAutoConfiguration",
				"org.springframework.boot.autoconfigure.jdbc.DataSourceAutoConfiguration"),
				line("org.springframework.boot.jooq.autoconfigure.JooqAutoConfiguration",
						"org.springframework.boot.autoconfigure.jooq.JooqAutoConfiguration"),
				SnowflakeAutoConfiguration.class, SnowflakeJooqAutoConfiguration.class))
		.withPropertyValues("spring.datasource.url=jdbc:h2:mem:jooq-" + UUID.randomUUID()
				+ ";DB_CLOSE_DELAY=-1;INIT=RUNSCRIPT FROM 'classpath:jooq-schema.sql'", "snowflake.datacenter-id=3",
				"snowflake.worker-id=4");

	/** Spring Boot 4's class, or 3.5's. */
	private static Class<?> line(String boot4, String boot3) {
		for (String name : new String[] { boot4, boot3 }) {
			try {
				return Class.forName(name);
			}
			catch (ClassNotFoundException ex) {
				// the other line
			}
		}
		throw new IllegalStateException("neither " + boot4 + " nor " + boot3 + " on the test class path");
	}

	private static long ourProviders(DSLContext dsl, SnowflakeRecordListener listener) {
		return Arrays.stream(dsl.configuration().recordListenerProviders())
			.map(RecordListenerProvider::provide)
			.filter((provided) -> provided == listener)
			.count();
	}

	@Test
	void recordsOfTheConfiguredColumnsGetIdsFromTheApplicationsGeneratorBean() {
		this.contextRunner.withPropertyValues("snowflake.jooq.columns=book.id").run((context) -> {
			DSLContext dsl = context.getBean(DSLContext.class);
			SnowflakeIdGenerator generator = context.getBean(SnowflakeIdGenerator.class);
			long before = generator.nextId();
			Book.BookRecord stored = dsl.newRecord(BOOK).title("stored");
			stored.store();
			Book.BookRecord batched = dsl.newRecord(BOOK).title("batched");
			dsl.batchStore(batched).execute();
			long after = generator.nextId();
			assertThat(stored.id()).as("one sequence: the bean's ids before and after enclose the records'")
				.isGreaterThan(before)
				.isLessThan(batched.id())
				.isLessThan(after);
			assertThat(generator.decode(stored.id()).datacenterId()).isEqualTo(3);
			assertThat(generator.decode(stored.id()).workerId()).isEqualTo(4);
			assertThat(dsl.fetchCount(BOOK)).isEqualTo(2);
			assertThat(ourProviders(dsl, context.getBean(SnowflakeRecordListener.class)))
				.as("registered once, though Boot's DSLContext and Configuration are both beans")
				.isOne();
			assertThat(Arrays.stream(dsl.configuration().executeListenerProviders())
				.filter((provider) -> provider.provide() == context.getBean(SnowflakeRecordListener.class)
					.insertGuard())
				.count()).as("its insert guard, once").isOne();
			assertThatThrownBy(() -> dsl.executeInsert(new Book.BookRecord().title("executeInsert")))
				.hasMessageContaining("Refusing an INSERT into BOOK that leaves column id out");
			assertThat(dsl.fetchCount(BOOK)).isEqualTo(2);
		});
	}

	@Test
	void everyDslContextBeanGetsTheListenerAndIsChecked() {
		String other = "jdbc:h2:mem:jooq-other-" + UUID.randomUUID() + ";DB_CLOSE_DELAY=-1";
		this.contextRunner.withUserConfiguration(TwoDslContexts.class)
			.withPropertyValues("snowflake.jooq.columns=book.id",
					"other.url=" + other + ";INIT=RUNSCRIPT FROM 'classpath:jooq-schema.sql'")
			.run((context) -> {
				assertThat(context).hasNotFailed();
				for (String name : new String[] { "mainDsl", "otherDsl" }) {
					Book.BookRecord book = context.getBean(name, DSLContext.class).newRecord(BOOK).title(name);
					book.store();
					assertThat(book.id()).as(name).isPositive();
				}
			});
		this.contextRunner.withUserConfiguration(TwoDslContexts.class)
			.withPropertyValues("snowflake.jooq.columns=book.id", "other.url=jdbc:h2:mem:jooq-empty-" + UUID.randomUUID() + ";DB_CLOSE_DELAY=-1")
			.run((context) -> assertThat(context.getStartupFailure()).as("the second database has no table book")
				.isInstanceOf(SnowflakeConfigurationException.class)
				.hasMessageStartingWith("Invalid snowflake.jooq.columns = book.id: allowed a column of a table in the "
						+ "database. The database has no column id in a table book"));
	}

	@Test
	void twoListenerBeansStopTheStartNamingThemUnlessEachDslContextHasOneRegistered() {
		this.contextRunner.withUserConfiguration(TwoListeners.class).run((context) -> {
			assertThat(context).hasFailed();
			assertThat(context.getStartupFailure()).rootCause()
				.hasMessageContaining("2 SnowflakeRecordListener beans with columns (first, second)")
				.hasMessageContaining("listener.appendTo(configuration)");
		});
		this.contextRunner.withUserConfiguration(TwoListeners.class, RegisteredListener.class).run((context) -> {
			assertThat(context).hasNotFailed();
			DSLContext dsl = context.getBean(DSLContext.class);
			assertThat(ourProviders(dsl, context.getBean("second", SnowflakeRecordListener.class))).isOne();
			assertThat(ourProviders(dsl, context.getBean("first", SnowflakeRecordListener.class))).isZero();
			Book.BookRecord book = dsl.newRecord(BOOK).title("second");
			book.store();
			assertThat(book.id()).isPositive();
		});
	}

	@Test
	void nothingIsRegisteredWithoutColumns() {
		this.contextRunner.run((context) -> {
			assertThat(context).hasNotFailed().hasSingleBean(SnowflakeRecordListener.class);
			assertThat(ourProviders(context.getBean(DSLContext.class), context.getBean(SnowflakeRecordListener.class)))
				.isZero();
		});
	}

	@Test
	void listenerIsAbsentWithoutJooq() {
		this.contextRunner.withClassLoader(new FilteredClassLoader("org.jooq"))
			.withPropertyValues("snowflake.jooq.columns=book.id")
			.run((context) -> assertThat(context).hasNotFailed()
				.hasSingleBean(SnowflakeIdGenerator.class)
				.doesNotHaveBean(SnowflakeRecordListener.class));
	}

	@Test
	void applicationsOwnListenerBeanWinsWithCodeConfiguredColumns() {
		this.contextRunner.withUserConfiguration(OwnListener.class)
			.withPropertyValues("snowflake.jooq.columns=ignored.column")
			.run((context) -> {
				assertThat(context).hasNotFailed();
				assertThat(context.getBean(SnowflakeRecordListener.class).columns()).containsExactly("column(BOOK.ID)");
				Book.BookRecord book = context.getBean(DSLContext.class).newRecord(BOOK).title("mine");
				book.store();
				assertThat(book.id()).isPositive();
			});
	}

	@Test
	void theApplicationsOwnDslContextGetsTheListenerToo() {
		this.contextRunner.withUserConfiguration(OwnDslContext.class)
			.withPropertyValues("snowflake.jooq.columns=book.id")
			.run((context) -> {
				DSLContext dsl = context.getBean(DSLContext.class);
				assertThat(dsl).isSameAs(context.getBean("myDsl"));
				Book.BookRecord book = dsl.newRecord(BOOK).title("own");
				book.insert();
				assertThat(book.id()).isPositive();
			});
	}

	@Test
	void anUnknownColumnStopsTheStartNamingThePropertyAndValue() {
		this.contextRunner.withPropertyValues("snowflake.jooq.columns=book.id,book.isbn").run((context) -> {
			assertThat(context).hasFailed();
			assertThat(context.getStartupFailure())
				.isInstanceOf(SnowflakeConfigurationException.class)
				.hasMessageStartingWith("Invalid snowflake.jooq.columns = book.isbn: allowed a column of a table in the "
						+ "database. The database has no column isbn in a table book");
		});
	}

	@Test
	void aColumnThatCannotHoldTheIdsStopsTheStartUnlessTheCheckOnlyWarns() {
		this.contextRunner.withPropertyValues("snowflake.jooq.columns=tally.id").run((context) -> {
			assertThat(context).hasFailed();
			assertThat(context.getStartupFailure())
				.isInstanceOf(SnowflakeSchemaException.class)
				.hasMessageContaining("snowflake.jooq.columns=tally.id")
				.hasMessageContaining("INTEGER: it holds at most 2147483647");
		});
		this.contextRunner.withPropertyValues("snowflake.jooq.columns=tally.id", "snowflake.schema-check=warn")
			.run((context) -> assertThat(context).hasNotFailed());
	}

	@Test
	void withoutAGeneratorBeanTheStartFailsNamingTheFix() {
		new ApplicationContextRunner()
			.withConfiguration(AutoConfigurations.of(
					line("org.springframework.boot.jdbc.autoconfigure.DataSourceAutoConfiguration",
							"org.springframework.boot.autoconfigure.jdbc.DataSourceAutoConfiguration"),
					line("org.springframework.boot.jooq.autoconfigure.JooqAutoConfiguration",
							"org.springframework.boot.autoconfigure.jooq.JooqAutoConfiguration"),
					SnowflakeJooqAutoConfiguration.class))
			.withPropertyValues("spring.datasource.url=jdbc:h2:mem:jooq-" + UUID.randomUUID() + ";DB_CLOSE_DELAY=-1",
					"snowflake.jooq.columns=book.id")
			.run((context) -> assertThat(context.getStartupFailure())
				.isInstanceOf(IllegalStateException.class)
				.hasMessageContaining("snowflake.jooq.columns=book.id need a SnowflakeIdGenerator")
				.hasMessageContaining("is SnowflakeAutoConfiguration excluded?"));
	}

	@Configuration(proxyBeanMethods = false)
	static class OwnListener {

		@Bean
		SnowflakeRecordListener myListener(ObjectProvider<SnowflakeIdGenerator> generator) {
			return SnowflakeRecordListener.builder(generator::getObject).column(BOOK.ID).build();
		}
	}

	@Configuration(proxyBeanMethods = false)
	static class TwoDslContexts {

		@Bean
		DSLContext mainDsl(DataSource dataSource) {
			return DSL.using(dataSource, SQLDialect.H2);
		}

		@Bean
		DSLContext otherDsl(org.springframework.core.env.Environment environment) {
			return DSL.using(new DriverManagerDataSource(environment.getRequiredProperty("other.url")),
					SQLDialect.H2);
		}
	}

	@Configuration(proxyBeanMethods = false)
	static class TwoListeners {

		@Bean
		SnowflakeRecordListener first(ObjectProvider<SnowflakeIdGenerator> generator) {
			return SnowflakeRecordListener.builder(generator::getObject).column(BOOK.ID).build();
		}

		@Bean
		SnowflakeRecordListener second(ObjectProvider<SnowflakeIdGenerator> generator) {
			return SnowflakeRecordListener.builder(generator::getObject).columns("book.id").build();
		}
	}

	@Configuration(proxyBeanMethods = false)
	static class RegisteredListener {

		@Bean
		DSLContext myDsl(DataSource dataSource, ObjectProvider<SnowflakeRecordListener> listeners) {
			DSLContext dsl = DSL.using(dataSource, SQLDialect.H2);
			listeners.stream()
				.filter((listener) -> listener.columns().contains("snowflake.jooq.columns=book.id"))
				.forEach((listener) -> listener.appendTo(dsl.configuration()));
			return dsl;
		}
	}

	@Configuration(proxyBeanMethods = false)
	static class OwnDslContext {

		@Bean
		DSLContext myDsl(DataSource dataSource) {
			return DSL.using(dataSource, SQLDialect.H2);
		}
	}
}
