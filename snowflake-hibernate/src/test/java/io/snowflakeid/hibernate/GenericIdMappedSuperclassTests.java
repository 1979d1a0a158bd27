package io.snowflakeid.hibernate;

import java.io.Serializable;
import java.util.Map;

import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.MappedSuperclass;
import jakarta.persistence.Table;
import org.hibernate.MappingException;
import org.hibernate.SessionFactory;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/** A common base entity with a generic id type, as many applications write it. */
class GenericIdMappedSuperclassTests {

	@MappedSuperclass
	abstract static class BaseEntity<I extends Serializable> {

		@Id
		@SnowflakeId
		I id;
	}

	@Entity(name = "GenericOrder")
	@Table(name = "generic_order")
	static class GenericOrder extends BaseEntity<Long> {
	}

	@Entity(name = "GenericIntegerOrder")
	@Table(name = "generic_integer_order")
	static class GenericIntegerOrder extends BaseEntity<Integer> {
	}

	@Test
	void aGenericIdResolvedToAnUnsupportedTypeIsRefusedNamingThatType() {
		Map<String, String> settings = PlainHibernate.h2Settings();
		settings.put("snowflake.datacenter-id", "1");
		settings.put("snowflake.worker-id", "2");
		assertThatExceptionOfType(MappingException.class)
			.isThrownBy(() -> PlainHibernate.build(settings, GenericIntegerOrder.class).close())
			.withMessageContaining("of type java.lang.Integer")
			.withMessageContaining("supported attribute types are Long, long and String");
	}

	@Test
	void aSnowflakeIdOnAGenericIdOfAMappedSuperclassIsFilledForALongEntity() {
		Map<String, String> settings = PlainHibernate.h2Settings();
		settings.put("snowflake.datacenter-id", "1");
		settings.put("snowflake.worker-id", "2");
		try (SessionFactory factory = PlainHibernate.build(settings, GenericOrder.class)) {
			GenericOrder order = new GenericOrder();
			factory.inTransaction((session) -> session.persist(order));
			assertThat(order.id).isInstanceOf(Long.class);
			assertThat((Long) order.id).isPositive();
		}
	}
}
