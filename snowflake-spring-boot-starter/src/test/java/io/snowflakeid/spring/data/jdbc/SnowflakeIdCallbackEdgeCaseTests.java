package io.snowflakeid.spring.data.jdbc;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

import io.snowflakeid.SnowflakeIdGenerator;
import io.snowflakeid.hibernate.SegmentId;
import io.snowflakeid.hibernate.SnowflakeId;
import org.junit.jupiter.api.Test;

import org.springframework.data.annotation.AccessType;
import org.springframework.data.annotation.Id;
import org.springframework.data.mapping.MappingException;
import org.springframework.data.relational.core.mapping.Embedded;
import org.springframework.data.relational.core.mapping.RelationalMappingContext;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * Edge cases of {@link SnowflakeIdBeforeConvertCallback} found by a review: annotation placement (getters, property
 * access, superclasses, generic ids), embedded values, {@code Long} 0, and the per-class cache under concurrent
 * first saves.
 */
class SnowflakeIdCallbackEdgeCaseTests {

	private final SnowflakeIdGenerator generator = SnowflakeIdGenerator.builder().datacenterId(1).workerId(2).build();

	private final SnowflakeIdBeforeConvertCallback callback = new SnowflakeIdBeforeConvertCallback(
			RelationalMappingContext::new, () -> this.generator, () -> null);

	@SuppressWarnings("unchecked")
	private <T> T beforeConvert(T aggregate) {
		return (T) this.callback.onBeforeConvert(aggregate);
	}

	@Test
	void annotationsOnAGetterWithPropertyAccessAreHonoured() {
		GetterAnnotated aggregate = beforeConvert(new GetterAnnotated());
		assertThat(aggregate.getId()).isPositive();
		assertThat(aggregate.setterCalls).as("property access goes through the setter").isEqualTo(1);
	}

	@Test
	void annotatedIdDeclaredInASuperclassIsFilled() {
		assertThat(beforeConvert(new Child()).id).isPositive();
	}

	@Test
	void genericIdOfABaseClassResolvedToLongIsFilled() {
		assertThat(beforeConvert(new GenericChild()).id).isInstanceOf(Long.class);
		assertThat((Long) beforeConvert(new GenericChild()).id).isPositive();
	}

	@Test
	void wrapperZeroIsKeptAsSpringDataReadsItAsSet() {
		BoxedNote note = new BoxedNote();
		note.id = 0L;
		assertThat(beforeConvert(note).id).isZero();
	}

	@Test
	void annotationInsideAnEmbeddedValueOfTheRootIsRefused() {
		assertThatThrownBy(() -> beforeConvert(new Parcel()))
			.isInstanceOf(MappingException.class)
			.hasMessageContaining("Tracking.number, reached through Parcel.tracking");
	}

	@Test
	void segmentIdOnAStringIsRefusedNamingTheTypes() {
		assertThatThrownBy(() -> beforeConvert(new SegmentText()))
			.isInstanceOf(MappingException.class)
			.hasMessage("@SegmentId on SegmentText.id of type java.lang.String: supported property types are Long "
					+ "and long");
	}

	@Test
	void concurrentFirstSavesOfOneClassAllGetDistinctIds() throws Exception {
		int threads = 16;
		ExecutorService pool = Executors.newFixedThreadPool(threads);
		try {
			CountDownLatch start = new CountDownLatch(1);
			List<Future<Long>> results = new ArrayList<>();
			for (int i = 0; i < threads; i++) {
				Callable<Long> save = () -> {
					start.await();
					return beforeConvert(new RaceNote()).id;
				};
				results.add(pool.submit(save));
			}
			start.countDown();
			Set<Long> ids = new HashSet<>();
			for (Future<Long> result : results) {
				ids.add(result.get(10, TimeUnit.SECONDS));
			}
			assertThat(ids).hasSize(threads).doesNotContainNull();
		}
		finally {
			pool.shutdownNow();
		}
	}

	static class GetterAnnotated {

		private Long id;

		int setterCalls;

		@Id
		@SnowflakeId
		@AccessType(AccessType.Type.PROPERTY)
		public Long getId() {
			return this.id;
		}

		public void setId(Long id) {
			this.setterCalls++;
			this.id = id;
		}
	}

	abstract static class Base {

		@Id
		@SnowflakeId
		Long id;
	}

	static class Child extends Base {

		String name;
	}

	abstract static class GenericBase<ID> {

		@Id
		@SnowflakeId
		ID id;
	}

	static class GenericChild extends GenericBase<Long> {
	}

	static class BoxedNote {

		@Id
		@SnowflakeId
		Long id;
	}

	static class Parcel {

		@Id
		@SnowflakeId
		Long id;

		@Embedded.Nullable
		Tracking tracking;
	}

	static class Tracking {

		@SnowflakeId
		Long number;
	}

	static class SegmentText {

		@Id
		@SegmentId
		String id;
	}

	static class RaceNote {

		@Id
		@SnowflakeId
		Long id;
	}
}
