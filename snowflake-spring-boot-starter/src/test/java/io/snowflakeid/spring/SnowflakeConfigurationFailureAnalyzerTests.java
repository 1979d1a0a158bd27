package io.snowflakeid.spring;

import io.snowflakeid.SnowflakeConfigurationException;
import io.snowflakeid.SnowflakeIdGenerator;
import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.BeanCreationException;
import org.springframework.boot.diagnostics.FailureAnalysis;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

class SnowflakeConfigurationFailureAnalyzerTests {

	@Test
	void describesTheBadPropertyAndSaysWhatToSetItTo() {
		SnowflakeConfigurationException cause = catchThrowableOfType(SnowflakeConfigurationException.class,
				() -> SnowflakeIdGenerator.builder().datacenterId(1).workerId(77).build());
		BeanCreationException failure = new BeanCreationException("snowflakeIdGenerator", "failed", cause);
		FailureAnalysis analysis = new SnowflakeConfigurationFailureAnalyzer().analyze(failure);
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
		FailureAnalysis analysis = new SnowflakeConfigurationFailureAnalyzer()
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
		FailureAnalysis analysis = new SnowflakeConfigurationFailureAnalyzer()
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
		FailureAnalysis analysis = new SnowflakeConfigurationFailureAnalyzer()
			.analyze(new BeanCreationException("publicIdCodec", "failed", cause));
		assertThat(analysis.getDescription()).contains("PUBLIC_ID_KEY_1 is not set").doesNotContain("issued safely");
		assertThat(analysis.getAction()).contains("snowflake.public-id.keys.1", "openssl rand -base64 32")
			.doesNotContain("datacenter-id/worker-id");
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
