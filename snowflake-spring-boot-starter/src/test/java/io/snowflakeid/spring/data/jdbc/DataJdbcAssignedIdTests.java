package io.snowflakeid.spring.data.jdbc;

import java.time.Instant;

import io.snowflakeid.AssignedIdRefusedException;
import io.snowflakeid.SnowflakeIdGenerator;
import io.snowflakeid.hibernate.SnowflakeId;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

import org.springframework.data.annotation.Id;
import org.springframework.data.annotation.Transient;
import org.springframework.data.annotation.Version;
import org.springframework.data.domain.Persistable;
import org.springframework.data.relational.core.conversion.DbAction;
import org.springframework.data.relational.core.conversion.IdValueSource;
import org.springframework.data.relational.core.conversion.MutableAggregateChange;
import org.springframework.data.relational.core.conversion.RootAggregateChange;
import org.springframework.data.relational.core.mapping.RelationalMappingContext;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * Ids the application sets on Spring Data JDBC aggregates that are inserted: kept when the generator cannot issue
 * them later (positive, not ahead of the clock), refused otherwise, as Hibernate and jOOQ do; updates not checked.
 * The callbacks are called as JdbcAggregateTemplate calls them; DataJdbcSliceContract does it through the template.
 */
class DataJdbcAssignedIdTests {

	private final SnowflakeIdGenerator generator = SnowflakeIdGenerator.builder().datacenterId(1).workerId(2).build();

	private final SnowflakeIdBeforeConvertCallback callback = new SnowflakeIdBeforeConvertCallback(
			RelationalMappingContext::new, () -> this.generator, () -> null);

	/** What JdbcAggregateTemplate does for an insert: the convert callback, then the save callback. */
	@SuppressWarnings("unchecked")
	private <T> T insert(T aggregate) {
		Object converted = this.callback.onBeforeConvert(aggregate);
		RootAggregateChange<Object> change = MutableAggregateChange.forSave(converted);
		change.setRootAction(new DbAction.InsertRoot<>(converted, IdValueSource.PROVIDED));
		return (T) this.callback.onBeforeSave(converted, change);
	}

	@SuppressWarnings("unchecked")
	private <T> T update(T aggregate) {
		Object converted = this.callback.onBeforeConvert(aggregate);
		RootAggregateChange<Object> change = MutableAggregateChange.forSave(converted);
		change.setRootAction(new DbAction.UpdateRoot<>(converted, null));
		return (T) this.callback.onBeforeSave(converted, change);
	}

	/**
	 * What JdbcAggregateTemplate.upsert (Spring Data JDBC 4.1) does: MERGE / INSERT ... ON CONFLICT, an insert when
	 * the row is not there. Its action is created reflectively: the Boot 3 line's Spring Data has no upsert.
	 */
	@SuppressWarnings("unchecked")
	private <T> T upsert(T aggregate) throws Exception {
		Class<?> upsertRoot = Class.forName(UPSERT_ROOT);
		Object converted = this.callback.onBeforeConvert(aggregate);
		RootAggregateChange<Object> change = MutableAggregateChange.forSave(converted);
		change.setRootAction((DbAction.WithRoot<Object>) upsertRoot.getConstructor(Object.class).newInstance(converted));
		return (T) this.callback.onBeforeSave(converted, change);
	}

	private static final String UPSERT_ROOT = "org.springframework.data.relational.core.conversion.DbAction$UpsertRoot";

	/** Skips a test where this Spring Data JDBC has no upsert (the Boot 3.5 line): checked before any assertion. */
	private static void assumeUpsert() {
		try {
			Class.forName(UPSERT_ROOT);
		}
		catch (ClassNotFoundException ex) {
			Assumptions.abort("this Spring Data JDBC has no upsert");
		}
	}

	private long future() {
		return this.generator.layout().compose(Instant.now().plusSeconds(3600), 1, 2, 0);
	}

	@Test
	void aNegativeIdOnAnInsertedAggregateIsRefusedNamingTheProperty() {
		assertThatThrownBy(() -> insert(new Imported(-5L, true)))
			.isInstanceOf(AssignedIdRefusedException.class)
			.hasMessageContaining("Imported.id = -5")
			.hasMessageContaining("is negative");
	}

	@Test
	void anIdAheadOfTheClockOnAnInsertedAggregateIsRefused() {
		long future = future();
		assertThatThrownBy(() -> insert(new Imported(future, true)))
			.isInstanceOf(AssignedIdRefusedException.class)
			.hasMessageContaining("Imported.id = " + future)
			.hasMessageContaining("decodes to");
	}

	@Test
	void aFutureIdInTheDecimalTextOfAStringPropertyIsRefusedAndOtherTextKept() {
		long future = future();
		assertThatThrownBy(() -> insert(new TextKey(Long.toString(future))))
			.isInstanceOf(AssignedIdRefusedException.class)
			.hasMessageContaining("TextKey.code = " + future);
		assertThat(insert(new TextKey("legacy-17")).code).isEqualTo("legacy-17");
	}

	@Test
	void pastIdsAndImportedAutoIncrementIdsAreKept() {
		long earlier = this.generator.nextId();
		assertThat(insert(new Imported(earlier, true)).id).isEqualTo(earlier);
		assertThat(insert(new Imported(4711L, true)).id).isEqualTo(4711L);
	}

	@Test
	void anUpdateCarriesTheRowsOwnIdAndIsNotChecked() {
		assertThat(update(new Imported(-5L, false)).id).isEqualTo(-5L);
		assertThat(update(new Plain(future())).id).isPositive();
	}

	@Test
	void anInsertWhoseConvertCallbackRanForAnotherInstanceChecksEveryValue() {
		this.callback.onBeforeConvert(new Plain());
		Plain other = new Plain(-1L);
		RootAggregateChange<Object> change = MutableAggregateChange.forSave(other);
		change.setRootAction(new DbAction.InsertRoot<>(other, IdValueSource.PROVIDED));
		assertThatThrownBy(() -> this.callback.onBeforeSave(other, change))
			.isInstanceOf(AssignedIdRefusedException.class);
	}

	@Test
	void theGeneratorsOwnValuesPassTheInsertCheck() {
		assertThat(insert(new Plain()).id).isPositive();
		assertThat(insert(new Imported(null, true)).id).isPositive();
	}

	@Test
	void aFutureOrNegativeIdIsRefusedWhenTheTemplateUpsertsIt() throws Exception {
		assumeUpsert();
		long future = future();
		assertThatThrownBy(() -> upsert(new Plain(future))).isInstanceOf(AssignedIdRefusedException.class)
			.hasMessageContaining("Plain.id = " + future);
		assertThatThrownBy(() -> upsert(new Plain(-5L))).isInstanceOf(AssignedIdRefusedException.class)
			.hasMessageContaining("is negative");
		long earlier = this.generator.nextId();
		assertThat(upsert(new Plain(earlier)).id).isEqualTo(earlier);
	}

	/**
	 * A record with a @Version: JdbcAggregateTemplate's prepareVersionForInsert makes a new instance between the
	 * callbacks. The generator's own id must pass even when the generator's time runs ahead of the wall clock by
	 * more than the tolerance (its monotonic time source after the wall clock stepped back, or a lease's high-water
	 * mark ahead of this host's clock): Hibernate and jOOQ never check the generator's own ids.
	 */
	@Test
	void theGeneratorsOwnIdOfAVersionedRecordPassesWhileTheGeneratorsTimeIsAheadOfTheWallClock() {
		SnowflakeIdGenerator ahead = SnowflakeIdGenerator.builder().datacenterId(1).workerId(2)
			.timeSource(() -> (System.currentTimeMillis() + 30_000) * 1_000_000L).build();
		SnowflakeIdBeforeConvertCallback callback = new SnowflakeIdBeforeConvertCallback(RelationalMappingContext::new,
				() -> ahead, () -> null);
		VersionedRecord converted = (VersionedRecord) callback.onBeforeConvert(new VersionedRecord(null, null, "x"));
		VersionedRecord versioned = converted.withVersion(0L); // prepareVersionForInsert
		RootAggregateChange<Object> change = MutableAggregateChange.forSave(versioned);
		change.setRootAction(new DbAction.InsertRoot<>(versioned, IdValueSource.PROVIDED));
		assertThat(((VersionedRecord) callback.onBeforeSave(versioned, change)).id()).isEqualTo(converted.id());
	}

	/** An application's BeforeSaveCallback ordered before this one replaced the generated id with a client's. */
	@Test
	void aValueThatReplacedTheGeneratedOneBeforeTheSaveCallbackIsChecked() {
		Plain converted = (Plain) this.callback.onBeforeConvert(new Plain());
		converted.id = -7L;
		RootAggregateChange<Object> change = MutableAggregateChange.forSave(converted);
		change.setRootAction(new DbAction.InsertRoot<>(converted, IdValueSource.PROVIDED));
		assertThatThrownBy(() -> this.callback.onBeforeSave(converted, change))
			.isInstanceOf(AssignedIdRefusedException.class)
			.hasMessageContaining("Plain.id = -7");
	}

	record VersionedRecord(@Id @SnowflakeId Long id, @Version Long version, String text) {

		VersionedRecord withId(Long id) {
			return new VersionedRecord(id, this.version, this.text);
		}

		VersionedRecord withVersion(Long version) {
			return new VersionedRecord(this.id, version, this.text);
		}
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
