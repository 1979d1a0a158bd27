package io.snowflakeid.spring;

import java.util.List;
import java.util.Map;

import io.snowflakeid.SnowflakeConfigurationException;
import io.snowflakeid.SnowflakeIdGenerator;
import io.snowflakeid.internal.config.SnowflakeConfiguration;
import io.snowflakeid.publicid.PublicIdAlphabet;
import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.BeanCreationException;
import org.springframework.beans.factory.BeanFactory;
import org.springframework.beans.factory.support.DefaultListableBeanFactory;
import org.springframework.boot.diagnostics.FailureAnalysis;
import org.springframework.boot.diagnostics.FailureAnalyzer;
import org.springframework.core.env.Environment;
import org.springframework.core.env.StandardEnvironment;
import org.springframework.core.env.SystemEnvironmentPropertySource;
import org.springframework.core.io.support.SpringFactoriesLoader;
import org.springframework.mock.env.MockEnvironment;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

class SnowflakeConfigurationFailureAnalyzerTests {

	@Test
	void describesTheBadPropertyAndSaysWhatToSetItTo() {
		SnowflakeConfigurationException cause = catchThrowableOfType(SnowflakeConfigurationException.class,
				() -> SnowflakeIdGenerator.builder().datacenterId(1).workerId(77).build());
		BeanCreationException failure = new BeanCreationException("snowflakeIdGenerator", "failed", cause);
		FailureAnalysis analysis = new SnowflakeConfigurationFailureAnalyzer(null).analyze(failure);
		assertThat(analysis).isNotNull();
		assertThat(analysis.getDescription()).contains("snowflake.worker-id = 77: allowed 0..31 (5 worker bits)");
		assertThat(analysis.getAction()).contains("Set snowflake.worker-id to 0..31")
			.contains("SNOWFLAKE_WORKERID");
		assertThat(analysis.getCause()).isSameAs(cause);
		assertThat(analysis.getAction()).contains("Each running instance needs its own datacenter-id/worker-id pair");
	}

	/** A segment, lease or layout setting: what to set it to, without the reminder about each instance's node. */
	@Test
	void aSettingOtherThanTheNodeIdsGetsNoDatacenterAndWorkerHint() {
		SnowflakeConfigurationException cause = catchThrowableOfType(SnowflakeConfigurationException.class,
				() -> io.snowflakeid.internal.config.SnowflakeConfiguration.fromSettings(
						java.util.Map.of("snowflake.segment.max-wait", "2h")));
		FailureAnalysis analysis = new SnowflakeConfigurationFailureAnalyzer(null)
			.analyze(new BeanCreationException("segmentIdGenerators", "failed", cause));
		assertThat(analysis.getDescription()).contains("snowflake.segment.max-wait");
		assertThat(analysis.getAction()).contains("Set snowflake.segment.max-wait to 0 s to 1 min")
			.contains("SNOWFLAKE_SEGMENT_MAXWAIT")
			.doesNotContain("datacenter-id/worker-id");
	}

	/**
	 * A worker id beside an automatic assignment: the action says to remove it (or to choose static ids), not to set
	 * it to "only with snowflake.worker-assignment=static or auto", nor that each instance needs its own worker id.
	 */
	@Test
	void aWorkerIdBesideAnAutomaticAssignmentIsToBeRemovedNotSet() {
		SnowflakeConfigurationException cause = catchThrowableOfType(SnowflakeConfigurationException.class,
				() -> io.snowflakeid.internal.SnowflakeGenerators.create(io.snowflakeid.internal.config.SnowflakeConfiguration
					.builder()
					.datacenterId(1L)
					.workerId(9L)
					.workerAssignment(io.snowflakeid.internal.config.WorkerAssignment.DATABASE_LEASE)
					.build(), null));
		FailureAnalysis analysis = new SnowflakeConfigurationFailureAnalyzer(null)
			.analyze(new BeanCreationException("snowflakeManagedGenerator", "failed", cause));
		assertThat(analysis.getDescription()).contains("snowflake.worker-id = 9: allowed only with");
		assertThat(analysis.getAction()).doesNotContain("Set snowflake.worker-id to")
			.doesNotContain("needs its own datacenter-id/worker-id pair")
			.contains("Remove snowflake.worker-id")
			.contains("SNOWFLAKE_WORKERID")
			.contains("snowflake.worker-assignment=static");
	}

	@Test
	void aPublicIdKeyErrorGetsItsOwnActionNotTheDatacenterAndWorkerHint() {
		SnowflakeConfigurationException cause = catchThrowableOfType(SnowflakeConfigurationException.class,
				() -> io.snowflakeid.publicid.PublicIdCodec.builder().key("1", "${PUBLIC_ID_KEY_1}"));
		FailureAnalysis analysis = new SnowflakeConfigurationFailureAnalyzer(null)
			.analyze(new BeanCreationException("publicIdCodec", "failed", cause));
		assertThat(analysis.getDescription()).contains("PUBLIC_ID_KEY_1 is not set").doesNotContain("issued safely");
		assertThat(analysis.getAction()).contains("snowflake.public-id.keys.1", "openssl rand -base64 32")
			.doesNotContain("datacenter-id/worker-id");
	}

	/**
	 * Where a refused value was set, as the environment says: the variable or the file and line (helper-80's F7: a bad
	 * module value bound by key no longer said where it came from). Never the value of another property.
	 */
	@Test
	void theDescriptionSaysWhereTheRefusedValueWasSet() {
		MockEnvironment environment = new MockEnvironment();
		environment.getPropertySources()
			.addFirst(new SystemEnvironmentPropertySource(StandardEnvironment.SYSTEM_ENVIRONMENT_PROPERTY_SOURCE_NAME,
					Map.of("SNOWFLAKE_SEGMENT_MAXWAIT", "2h", "SNOWFLAKE_PUBLICID_ALPHABET", "base63")));
		SnowflakeConfigurationAnalysis segment = analyse(environment,
				() -> SnowflakeConfiguration.fromSettings(Map.of("snowflake.segment.max-wait", "2h")));
		assertThat(segment.description()).contains("snowflake.segment.max-wait = PT2H")
			.contains("Set in \"SNOWFLAKE_SEGMENT_MAXWAIT\" from property source \"systemEnvironment\"");
		SnowflakeConfigurationAnalysis alphabet = analyse(environment,
				() -> PublicIdAlphabet.parse("base63"));
		assertThat(alphabet.description()).contains("Set in \"SNOWFLAKE_PUBLICID_ALPHABET\" from property source");
		// a value from code, or no environment: nothing added
		assertThat(analyse(new MockEnvironment(),
				() -> SnowflakeConfiguration.fromSettings(Map.of("snowflake.segment.max-wait", "2h"))).description())
			.doesNotContain("Set in");
		assertThat(new SnowflakeConfigurationFailureAnalyzer(null)
			.analyze(catchThrowableOfType(SnowflakeConfigurationException.class,
					() -> SnowflakeConfiguration.fromSettings(Map.of("snowflake.segment.max-wait", "2h"))))
			.getDescription()).doesNotContain("Set in");
	}

	/** Spring Boot makes it with the failed application's environment, as it makes its own analyzers. */
	@Test
	void springBootMakesItWithTheApplicationsEnvironment() {
		MockEnvironment environment = new MockEnvironment();
		// other libraries' analyzers that cannot be made here (Spring Boot 3.5's Liquibase one) are passed over, as
		// Spring Boot passes them over
		List<FailureAnalyzer> analyzers = SpringFactoriesLoader.forDefaultResourceLocation()
			.load(FailureAnalyzer.class, SpringFactoriesLoader.ArgumentResolver.of(Environment.class, environment)
				.and(BeanFactory.class, new DefaultListableBeanFactory()), (type, name, failure) -> {
				});
		assertThat(analyzers).filteredOn(SnowflakeConfigurationFailureAnalyzer.class::isInstance)
			.singleElement()
			.extracting("environment")
			.isSameAs(environment);
	}

	private record SnowflakeConfigurationAnalysis(String description) {
	}

	private static SnowflakeConfigurationAnalysis analyse(Environment environment,
			org.assertj.core.api.ThrowableAssert.ThrowingCallable refused) {
		SnowflakeConfigurationException cause = catchThrowableOfType(SnowflakeConfigurationException.class, refused);
		FailureAnalysis analysis = new SnowflakeConfigurationFailureAnalyzer(environment)
			.analyze(new BeanCreationException("snowflakeManagedGenerator", "failed", cause));
		return new SnowflakeConfigurationAnalysis(analysis.getDescription());
	}

	@Test
	void isRegisteredForSpringBoot() throws Exception {
		var factories = getClass().getClassLoader().getResources("META-INF/spring.factories");
		StringBuilder all = new StringBuilder();
		while (factories.hasMoreElements()) {
			try (var in = factories.nextElement().openStream()) {
				all.append(new String(in.readAllBytes()));
			}
		}
		assertThat(all.toString()).contains(SnowflakeConfigurationFailureAnalyzer.class.getName());
	}
}
