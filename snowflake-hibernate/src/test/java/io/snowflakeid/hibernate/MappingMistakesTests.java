package io.snowflakeid.hibernate;

import java.util.Map;

import io.snowflakeid.hibernate.internal.registry.SnowflakeMappingException;
import io.snowflakeid.hibernate.internal.registry.SnowflakeMappingException.Problem;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/**
 * Mistakes of a migration from {@code auto_increment} that must stop the start naming the attribute: an id type the
 * annotation does not fill, and {@code @GeneratedValue} left beside the annotation (which Hibernate would quietly
 * let one of the two win).
 */
class MappingMistakesTests {

	private static Map<String, String> settings() {
		Map<String, String> settings = PlainHibernate.h2Settings();
		settings.put("snowflake.datacenter-id", "1");
		settings.put("snowflake.worker-id", "3");
		return settings;
	}

	@Test
	void snowflakeIdBesideGeneratedValueIdentityIsRefusedNamingTheAttribute() {
		assertThatExceptionOfType(SnowflakeMappingException.class)
			.isThrownBy(() -> PlainHibernate.build(settings(), Entities.HalfMigrated.class).close())
			.withMessageContaining("@SnowflakeId on HalfMigrated.id together with @GeneratedValue(strategy = IDENTITY)")
			.withMessageContaining("Remove @GeneratedValue")
			.matches((ex) -> ex.getProblem() == Problem.COMBINED_WITH_GENERATED_VALUE)
			.matches((ex) -> ex.getAttribute().equals("HalfMigrated.id"));
	}

	@Test
	void segmentIdBesideAnyGeneratedValueIsRefusedToo() {
		assertThatExceptionOfType(SnowflakeMappingException.class)
			.isThrownBy(() -> PlainHibernate.build(settings(), Entities.HalfMigratedSegment.class).close())
			.withMessageContaining("@SegmentId on HalfMigratedSegment.id together with @GeneratedValue(strategy = AUTO)");
	}

	@Test
	void anIntegerIdIsRefusedWithItsTypeForTheFailureReport() {
		assertThatExceptionOfType(SnowflakeMappingException.class)
			.isThrownBy(() -> PlainHibernate.build(settings(), Entities.IntegerIdCustomer.class).close())
			.withMessageContaining("@SnowflakeId on IntegerIdCustomer.id of type java.lang.Integer")
			.matches((ex) -> ex.getProblem() == Problem.UNSUPPORTED_TYPE)
			.matches((ex) -> ex.getAttributeType().equals("java.lang.Integer"));
	}
}
