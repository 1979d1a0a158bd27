package io.snowflakeid.spring.data.jdbc;

import java.time.Instant;

import io.snowflakeid.AssignedIdRefusedException;
import io.snowflakeid.SnowflakeIdGenerator;
import io.snowflakeid.hibernate.SnowflakeId;
import org.junit.jupiter.api.Test;

import org.springframework.data.annotation.Id;
import org.springframework.data.annotation.Transient;
import org.springframework.data.domain.Persistable;
import org.springframework.data.relational.core.mapping.RelationalMappingContext;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * Ids the application sets on Spring Data JDBC aggregates that are inserted: kept when the generator cannot issue
 * them later (positive, not ahead of the clock), refused otherwise, as Hibernate and jOOQ do; updates not checked.
 */
class DataJdbcAssignedIdTests {

	private final SnowflakeIdGenerator generator = SnowflakeIdGenerator.builder().datacenterId(1).workerId(2).build();

	private final SnowflakeIdBeforeConvertCallback callback = new SnowflakeIdBeforeConvertCallback(
			RelationalMappingContext::new, () -> this.generator, () -> null);

	private long future() {
		return this.generator.layout().compose(Instant.now().plusSeconds(3600), 1, 2, 0);
	}

	@Test
	void aNegativeIdOnAnInsertedAggregateIsRefusedNamingTheProperty() {
		assertThatThrownBy(() -> this.callback.onBeforeConvert(new Imported(-5L, true)))
			.isInstanceOf(AssignedIdRefusedException.class)
			.hasMessageContaining("Imported.id = -5")
			.hasMessageContaining("is negative");
	}

	@Test
	void anIdAheadOfTheClockOnAnInsertedAggregateIsRefused() {
		long future = future();
		assertThatThrownBy(() -> this.callback.onBeforeConvert(new Imported(future, true)))
			.isInstanceOf(AssignedIdRefusedException.class)
			.hasMessageContaining("Imported.id = " + future)
			.hasMessageContaining("decodes to");
	}

	@Test
	void aFutureIdInTheDecimalTextOfAStringPropertyIsRefusedAndOtherTextKept() {
		long future = future();
		assertThatThrownBy(() -> this.callback.onBeforeConvert(new TextKey(Long.toString(future))))
			.isInstanceOf(AssignedIdRefusedException.class)
			.hasMessageContaining("TextKey.code = " + future);
		assertThat(((TextKey) this.callback.onBeforeConvert(new TextKey("legacy-17"))).code).isEqualTo("legacy-17");
	}

	@Test
	void pastIdsAndImportedAutoIncrementIdsAreKept() {
		long earlier = this.generator.nextId();
		assertThat(((Imported) this.callback.onBeforeConvert(new Imported(earlier, true))).id).isEqualTo(earlier);
		assertThat(((Imported) this.callback.onBeforeConvert(new Imported(4711L, true))).id).isEqualTo(4711L);
	}

	@Test
	void anUpdateCarriesTheRowsOwnIdAndIsNotChecked() {
		// Spring Data reads an aggregate with an id and no Persistable/version as existing: an UPDATE of that row.
		assertThat(((Imported) this.callback.onBeforeConvert(new Imported(-5L, false))).id).isEqualTo(-5L);
		assertThat(((Plain) this.callback.onBeforeConvert(new Plain(future()))).id).isPositive();
	}

	static class Imported implements Persistable<Long> {

		@Id
		@SnowflakeId
		Long id;

		@Transient
		boolean fresh;

		Imported() {
		}

		Imported(Long id, boolean fresh) {
			this.id = id;
			this.fresh = fresh;
		}

		@Override
		public Long getId() {
			return this.id;
		}

		@Override
		public boolean isNew() {
			return this.fresh;
		}
	}

	static class TextKey implements Persistable<String> {

		@Id
		@SnowflakeId
		String code;

		TextKey() {
		}

		TextKey(String code) {
			this.code = code;
		}

		@Override
		public String getId() {
			return this.code;
		}

		@Override
		public boolean isNew() {
			return true;
		}
	}

	static class Plain {

		@Id
		@SnowflakeId
		Long id;

		Plain() {
		}

		Plain(Long id) {
			this.id = id;
		}
	}
}
