package io.snowflakeid.spring;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.sql.SQLException;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicBoolean;

import javax.sql.DataSource;

import com.fasterxml.jackson.annotation.JsonFormat;
import io.micrometer.core.instrument.binder.MeterBinder;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.snowflakeid.SnowflakeIdGenerator;
import io.snowflakeid.SnowflakeLayout;
import io.snowflakeid.hibernate.SnowflakeId;
import io.snowflakeid.spring.actuate.SnowflakeActuatorAutoConfiguration;
import io.snowflakeid.spring.boot3.SnowflakeBoot3AutoConfiguration;
import io.snowflakeid.hibernate.internal.SnowflakeIdJackson2Module;
import io.snowflakeid.spring.jackson.SnowflakeJacksonAutoConfiguration;
import io.snowflakeid.hibernate.internal.SnowflakeIdJackson3Module;
import org.h2.jdbcx.JdbcDataSource;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import org.springframework.boot.actuate.endpoint.InvalidEndpointRequestException;
import org.springframework.boot.actuate.endpoint.annotation.Endpoint;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.FilteredClassLoader;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class SnowflakeOperationsAutoConfigurationsTests {

	private final ApplicationContextRunner contextRunner = new ApplicationContextRunner()
		.withConfiguration(
				AutoConfigurations.of(SnowflakeAutoConfiguration.class, SnowflakeActuatorAutoConfiguration.class,
						SnowflakeJacksonAutoConfiguration.class, SnowflakeBoot3AutoConfiguration.class))
		.withPropertyValues("snowflake.datacenter-id=3", "snowflake.worker-id=4");

	/** Status and details of {@code indicator} now (see {@link HealthProbe}). */
	private static Object[] health(Object indicator) throws Exception {
		HealthProbe probe = HealthProbe.of(indicator);
		return new Object[] { probe.status(), probe.details() };
	}

	@SuppressWarnings("unchecked")
	private static Map<String, Object> details(Object[] health) {
		return (Map<String, Object>) health[1];
	}

	private static boolean isHealthIndicator(Object bean) {
		return HealthProbe.isHealthIndicator(bean);
	}

	@Test
	void healthIsUpWithLayoutDatacenterAndWorker() {
		this.contextRunner.run((context) -> {
			Object indicator = context.getBean("snowflakeHealthIndicator");
			assertThat(isHealthIndicator(indicator)).as("implements the running line's HealthIndicator").isTrue();
			Object[] health = health(indicator);
			assertThat(health[0]).isEqualTo("UP");
			assertThat(details(health)).containsEntry("datacenterId", 3L)
				.containsEntry("workerId", 4L)
				.containsKey("layout")
				.containsEntry("workerAssignment", "static");
		});
	}

	@Test
	void healthBacksOffWithoutTheHealthApi() {
		this.contextRunner.withClassLoader(new FilteredClassLoader(HealthProbe.BOOT_4_HEALTH, HealthProbe.BOOT_3_HEALTH))
			.run((context) -> {
				assertThat(context).hasSingleBean(SnowflakeIdGenerator.class);
				assertThat(context).doesNotHaveBean("snowflakeHealthIndicator");
			});
	}

	@Test
	void healthCanBeSwitchedOff() {
		this.contextRunner.withPropertyValues("management.health.snowflake.enabled=false")
			.run((context) -> assertThat(context).doesNotHaveBean("snowflakeHealthIndicator"));
	}

	@Test
	void healthGoesDownWhenTheWorkerLeaseIsLostAndUpWhenRenewed() {
		JdbcDataSource h2 = new JdbcDataSource();
		h2.setURL("jdbc:h2:mem:health-" + UUID.randomUUID() + ";DB_CLOSE_DELAY=-1");
		AtomicBoolean down = new AtomicBoolean();
		DataSource failing = (DataSource) Proxy.newProxyInstance(getClass().getClassLoader(),
				new Class<?>[] { DataSource.class }, (proxy, method, args) -> {
					if (method.getName().equals("getConnection") && down.get()) {
						throw new SQLException("database unreachable (simulated)", "08001");
					}
					try {
						return method.invoke(h2, args);
					}
					catch (InvocationTargetException ex) {
						throw ex.getCause();
					}
				});
		new ApplicationContextRunner()
			.withConfiguration(
					AutoConfigurations.of(SnowflakeAutoConfiguration.class, SnowflakeActuatorAutoConfiguration.class,
						SnowflakeJacksonAutoConfiguration.class, SnowflakeBoot3AutoConfiguration.class))
			.withBean(DataSource.class, () -> failing)
			.withPropertyValues("snowflake.lease.duration=3s")
			.run((context) -> {
				Object indicator = context.getBean("snowflakeHealthIndicator");
				assertThat(health(indicator)[0]).isEqualTo("UP");
				assertThat(details(health(indicator))).containsKey("leaseEnd");
				down.set(true);
				long deadline = System.currentTimeMillis() + 10_000;
				while (health(indicator)[0].equals("UP") && System.currentTimeMillis() < deadline) {
					Thread.sleep(100);
				}
				Object[] lost = health(indicator);
				assertThat(lost[0]).isEqualTo("DOWN");
				assertThat((String) details(lost).get("error")).contains("worker lease expired");
				down.set(false);
				deadline = System.currentTimeMillis() + 5_000;
				while (health(indicator)[0].equals("DOWN") && System.currentTimeMillis() < deadline) {
					Thread.sleep(100);
				}
				assertThat(health(indicator)[0]).as("UP again once the lease is renewed").isEqualTo("UP");
			});
	}

	@Test
	void jacksonModulesWriteIdsAsStringsAndReadStringsOrNumbers() throws Exception {
		Order order = new Order();
		order.id = 912207628317364225L;
		order.quantity = 3L;
		tools.jackson.databind.json.JsonMapper jackson3 = tools.jackson.databind.json.JsonMapper.builder()
			.addModule(new SnowflakeIdJackson3Module())
			.build();
		String json3 = jackson3.writeValueAsString(order);
		assertThat(json3).contains("\"id\":\"912207628317364225\"").contains("\"quantity\":3");
		assertThat(jackson3.readValue(json3, Order.class).id).isEqualTo(912207628317364225L);
		assertThat(jackson3.readValue("{\"id\":912207628317364225}", Order.class).id).isEqualTo(912207628317364225L);
		assertThatThrownBy(() -> jackson3.readValue("{\"id\":\"12ab\"}", Order.class))
			.hasMessageContaining("Not a snowflake id: '12ab'");

		com.fasterxml.jackson.databind.ObjectMapper jackson2 = new com.fasterxml.jackson.databind.ObjectMapper()
			.registerModule(new SnowflakeIdJackson2Module());
		String json2 = jackson2.writeValueAsString(order);
		assertThat(json2).contains("\"id\":\"912207628317364225\"").contains("\"quantity\":3");
		assertThat(jackson2.readValue(json2, Order.class).id).isEqualTo(912207628317364225L);
		assertThat(jackson2.readValue("{\"id\":912207628317364225}", Order.class).id).isEqualTo(912207628317364225L);
	}

	@Test
	void aPropertyFormattedAsANumberStaysANumberInBothJacksonModules() throws Exception {
		LegacyOrder order = new LegacyOrder();
		order.id = 912207628317364225L;
		order.parentId = 7L;
		tools.jackson.databind.json.JsonMapper jackson3 = tools.jackson.databind.json.JsonMapper.builder()
			.addModule(new SnowflakeIdJackson3Module())
			.build();
		com.fasterxml.jackson.databind.ObjectMapper jackson2 = new com.fasterxml.jackson.databind.ObjectMapper()
			.registerModule(new SnowflakeIdJackson2Module());
		for (String json : List.of(jackson3.writeValueAsString(order), jackson2.writeValueAsString(order))) {
			assertThat(json).contains("\"id\":912207628317364225").contains("\"parentId\":\"7\"");
		}
		assertThat(jackson3.readValue("{\"id\":\"912207628317364225\"}", LegacyOrder.class).id)
			.as("reading still accepts both forms").isEqualTo(912207628317364225L);
		assertThat(jackson2.readValue("{\"id\":\"912207628317364225\"}", LegacyOrder.class).id)
			.isEqualTo(912207628317364225L);
	}

	@Test
	void idsInsideListsAndArraysAreStringsToo() throws Exception {
		Batch batch = new Batch();
		batch.ids = List.of(912207628317364225L, 912207628317364226L);
		batch.parents = new Long[] { 7L };
		tools.jackson.databind.json.JsonMapper jackson3 = tools.jackson.databind.json.JsonMapper.builder()
			.addModule(new SnowflakeIdJackson3Module())
			.build();
		com.fasterxml.jackson.databind.ObjectMapper jackson2 = new com.fasterxml.jackson.databind.ObjectMapper()
			.registerModule(new SnowflakeIdJackson2Module());
		for (String json : List.of(jackson3.writeValueAsString(batch), jackson2.writeValueAsString(batch))) {
			assertThat(json).contains("\"ids\":[\"912207628317364225\",\"912207628317364226\"]")
				.contains("\"parents\":[\"7\"]");
		}
		String mixed = "{\"ids\":[\"912207628317364225\",912207628317364226],\"parents\":[7]}";
		assertThat(jackson3.readValue(mixed, Batch.class).ids).containsExactly(912207628317364225L, 912207628317364226L);
		assertThat(jackson2.readValue(mixed, Batch.class).ids).containsExactly(912207628317364225L, 912207628317364226L);
	}

	/** The documented way to replace them: beans of the same names (the starter's types are not an API). */
	@Test
	void jacksonModulesOfTheSameNamesReplaceTheStartersModules() {
		tools.jackson.databind.module.SimpleModule jackson3 = new tools.jackson.databind.module.SimpleModule("mine3");
		com.fasterxml.jackson.databind.module.SimpleModule jackson2 = new com.fasterxml.jackson.databind.module.SimpleModule(
				"mine2");
		this.contextRunner.withBean("snowflakeIdJackson3Module", tools.jackson.databind.JacksonModule.class, () -> jackson3)
			.withBean("snowflakeIdJackson2Module", com.fasterxml.jackson.databind.Module.class, () -> jackson2)
			.run((context) -> {
				assertThat(context).doesNotHaveBean(SnowflakeIdJackson3Module.class);
				assertThat(context).doesNotHaveBean(SnowflakeIdJackson2Module.class);
				assertThat(context.getBean("snowflakeIdJackson3Module")).isSameAs(jackson3);
				assertThat(context.getBean("snowflakeIdJackson2Module")).isSameAs(jackson2);
			});
	}

	@Test
	void jacksonModulesAreRegisteredWhenJacksonIsPresentAndCanBeSwitchedOff() {
		this.contextRunner.run((context) -> {
			assertThat(context).hasSingleBean(SnowflakeIdJackson3Module.class);
			assertThat(context).hasSingleBean(SnowflakeIdJackson2Module.class);
		});
		this.contextRunner.withClassLoader(new FilteredClassLoader("tools.jackson.databind.JacksonModule"))
			.run((context) -> assertThat(context).doesNotHaveBean(SnowflakeIdJackson3Module.class));
		this.contextRunner.withClassLoader(new FilteredClassLoader("com.fasterxml.jackson.databind.Module"))
			.run((context) -> assertThat(context).doesNotHaveBean(SnowflakeIdJackson2Module.class));
		this.contextRunner.withPropertyValues("snowflake.jackson.ids-as-strings=false").run((context) -> {
			assertThat(context).doesNotHaveBean(SnowflakeIdJackson3Module.class);
			assertThat(context).doesNotHaveBean(SnowflakeIdJackson2Module.class);
		});
	}

	@Test
	void javascriptSafePresetKeepsIdsBelow2To53() {
		this.contextRunner.withPropertyValues("snowflake.layout.preset=javascript-safe", "snowflake.datacenter-id=")
			.run((context) -> {
				SnowflakeIdGenerator generator = context.getBean(SnowflakeIdGenerator.class);
				assertThat(generator.layout()).isEqualTo(SnowflakeLayout.JAVASCRIPT_SAFE);
				long id = generator.nextId();
				assertThat(id).isLessThanOrEqualTo(SnowflakeLayout.MAX_SAFE_JAVASCRIPT_INTEGER);
				assertThat(generator.decode(id).workerId()).isEqualTo(4);
			});
	}

	@Test
	void warnsAtStartWhenTheTimestampFieldRunsOutSoon() {
		try (CapturedLogs logs = CapturedLogs.start()) {
			this.contextRunner
				.withPropertyValues("snowflake.layout.timestamp-bits=38", "snowflake.layout.sequence-bits=15",
						"snowflake.lifetime-warning-years=20")
				.run((context) -> assertThat(context).hasSingleBean(SnowflakeIdGenerator.class));
			assertThat(logs.text()).contains("WARNING Only")
				.contains("years remain in the snowflake timestamp field")
				.contains("snowflake.lifetime-warning-years");
		}
	}

	/** A DTO with a snowflake id and an ordinary Long that must stay a number. */
	static class Order {

		@SnowflakeId
		public Long id;

		public Long quantity;
	}

	/** An existing API whose (non-JavaScript) clients expect the id as a number. */
	static class LegacyOrder {

		@SnowflakeId
		@JsonFormat(shape = JsonFormat.Shape.NUMBER)
		public Long id;

		@SnowflakeId
		public Long parentId;
	}

	/** Several ids in one property. */
	static class Batch {

		@SnowflakeId
		public List<Long> ids;

		@SnowflakeId
		public Long[] parents;
	}
}
