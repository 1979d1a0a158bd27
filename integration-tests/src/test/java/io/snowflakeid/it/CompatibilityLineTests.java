package io.snowflakeid.it;

import org.hibernate.Version;
import org.junit.jupiter.api.Test;

import org.springframework.boot.SpringBootVersion;

import static org.assertj.core.api.Assertions.assertThat;

/** Proves which line the other tests ran on: the jars under test are the same, the Boot/Hibernate line is not. */
class CompatibilityLineTests {

	@Test
	void runsOnTheSpringBootAndHibernateLineTheBuildSelected() {
		String expectedBoot = System.getProperty("expected.spring-boot.version");
		String boot = SpringBootVersion.getVersion();
		String hibernate = Version.getVersionString();
		System.out.println("Integration tests ran on Spring Boot " + boot + ", Hibernate " + hibernate + ", Java "
				+ Runtime.version());
		assertThat(boot).isEqualTo(expectedBoot);
		assertThat(hibernate).startsWith(boot.startsWith("3.") ? "6.6." : "7.");
	}
}
