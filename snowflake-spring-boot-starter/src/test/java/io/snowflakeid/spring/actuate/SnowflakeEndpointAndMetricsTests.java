package io.snowflakeid.spring.actuate;

import java.time.Instant;
import java.util.Map;

import io.micrometer.core.instrument.binder.MeterBinder;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.snowflakeid.SnowflakeIdGenerator;
import io.snowflakeid.SnowflakeLayout;
import io.snowflakeid.spring.SnowflakeAutoConfiguration;
import org.junit.jupiter.api.Test;

import org.springframework.boot.actuate.endpoint.InvalidEndpointRequestException;
import org.springframework.boot.actuate.endpoint.annotation.Endpoint;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.FilteredClassLoader;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The actuator endpoint and the metrics: what they report, and when they are not there. */
class SnowflakeEndpointAndMetricsTests {

	private final ApplicationContextRunner contextRunner = new ApplicationContextRunner()
		.withConfiguration(AutoConfigurations.of(SnowflakeAutoConfiguration.class, SnowflakeActuatorAutoConfiguration.class))
		.withPropertyValues("snowflake.datacenter-id=3", "snowflake.worker-id=4");

	@Test
	void endpointDecodesIdsAndRejectsMalformedAndForeignOnes() {
		this.contextRunner.run((context) -> {
			SnowflakeEndpoint endpoint = context.getBean(SnowflakeEndpoint.class);
			SnowflakeIdGenerator generator = context.getBean(SnowflakeIdGenerator.class);
			long id = generator.nextId();
			Map<String, Object> decoded = endpoint.decode(Long.toString(id));
			assertThat(decoded).containsEntry("id", Long.toString(id))
				.containsEntry("datacenterId", 3L)
				.containsEntry("workerId", 4L)
				.containsEntry("timestamp", generator.decode(id).timestamp().toString());
			assertThat(endpoint.configuration()).containsEntry("workerId", 4L).containsKey("layout");
			assertThatThrownBy(() -> endpoint.decode("12ab")).isInstanceOf(InvalidEndpointRequestException.class)
				.hasMessageContaining("'12ab'");
			assertThatThrownBy(() -> endpoint.decode("-5")).isInstanceOf(InvalidEndpointRequestException.class)
				.hasMessageContaining("outside");
			long future = SnowflakeLayout.DEFAULT.compose(Instant.now().plusSeconds(86_400), 0, 0, 0);
			assertThatThrownBy(() -> endpoint.decode(Long.toString(future)))
				.isInstanceOf(InvalidEndpointRequestException.class)
				.hasMessageContaining("in the future");
		});
	}

	@Test
	void endpointBacksOffWithoutActuator() {
		this.contextRunner.withClassLoader(new FilteredClassLoader(Endpoint.class))
			.run((context) -> assertThat(context).doesNotHaveBean(SnowflakeEndpoint.class));
	}

	@Test
	void metricsCountIdsAndReportTheRemainingLifetime() {
		this.contextRunner.run((context) -> {
			SimpleMeterRegistry registry = new SimpleMeterRegistry();
			context.getBean(SnowflakeMetrics.class).bindTo(registry);
			SnowflakeIdGenerator generator = context.getBean(SnowflakeIdGenerator.class);
			double before = registry.get("snowflake.ids.generated").functionCounter().count();
			for (int i = 0; i < 10; i++) {
				generator.nextId();
			}
			assertThat(registry.get("snowflake.ids.generated").functionCounter().count() - before).isEqualTo(10);
			assertThat(registry.get("snowflake.timestamp.remaining").gauge().value()).isGreaterThan(60 * 365 * 86_400 / 2);
			assertThat(registry.find("snowflake.sequence.exhausted").functionCounter()).isNotNull();
			assertThat(registry.find("snowflake.clock.backwards").functionCounter()).isNotNull();
		});
	}

	@Test
	void metricsBackOffWithoutMicrometerAndCanBeSwitchedOff() {
		this.contextRunner.withClassLoader(new FilteredClassLoader(MeterBinder.class))
			.run((context) -> assertThat(context).doesNotHaveBean(SnowflakeMetrics.class));
		this.contextRunner.withPropertyValues("snowflake.metrics.enabled=false")
			.run((context) -> assertThat(context).doesNotHaveBean(SnowflakeMetrics.class));
	}
}
