package io.snowflakeid.quarkus.reactive;

import java.io.Serializable;

import io.quarkus.hibernate.reactive.panache.PanacheEntityBase;
import io.quarkus.test.QuarkusUnitTest;
import io.snowflakeid.hibernate.SnowflakeId;
import jakarta.persistence.Embeddable;
import jakarta.persistence.EmbeddedId;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.IdClass;
import jakarta.persistence.Table;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

/**
 * @SnowflakeId in a composite id stops the build of a reactive application, each use named: Hibernate Reactive 3.2
 * calls the generator of a composite id's part and drops the value, so the part kept 0 (found by review: the row was
 * stored with seq = 0).
 */
class CompositeIdRefusedTest {

	@Embeddable
	public static class LineKey implements Serializable {

		private static final long serialVersionUID = 1L;

		public String tenant;

		@SnowflakeId
		public long seq;
	}

	@Entity
	@Table(name = "quarkus_reactive_line")
	public static class Line extends PanacheEntityBase {

		@EmbeddedId
		public LineKey key;
	}

	public static class EntryKey implements Serializable {

		private static final long serialVersionUID = 1L;

		public String tenant;

		public Long seq;
	}

	@Entity
	@Table(name = "quarkus_reactive_entry")
	@IdClass(EntryKey.class)
	public static class Entry extends PanacheEntityBase {

		@Id
		public String tenant;

		@Id
		@SnowflakeId
		public Long seq;
	}

	@RegisterExtension
	static final QuarkusUnitTest app = ReactiveApps.reactiveOnly(Line.class, LineKey.class, Entry.class, EntryKey.class)
		.overrideConfigKey("quarkus.snowflake.worker-id", "1")
		.assertException((failure) -> assertThat(ReactiveApps.messages(failure))
			.contains("@SnowflakeId in a composite id (@EmbeddedId, @IdClass) is not supported on Hibernate Reactive")
			.contains("CompositeIdRefusedTest$LineKey.seq")
			.contains("CompositeIdRefusedTest$Entry.seq"));

	@Test
	void theBuildFails() {
		fail("must not start");
	}
}
