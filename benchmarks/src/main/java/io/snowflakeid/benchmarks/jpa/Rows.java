package io.snowflakeid.benchmarks.jpa;

import java.util.UUID;

import io.snowflakeid.hibernate.SegmentId;
import io.snowflakeid.hibernate.SnowflakeId;
import jakarta.persistence.Entity;
import jakarta.persistence.GeneratedValue;
import jakarta.persistence.GenerationType;
import jakarta.persistence.Id;
import jakarta.persistence.MappedSuperclass;
import jakarta.persistence.SequenceGenerator;
import jakarta.persistence.Table;

/** One entity per id strategy, each with the same two payload columns. */
public final class Rows {

	private Rows() {
	}

	@MappedSuperclass
	public abstract static class Payload {

		private String name;

		private long amount;

		public void fill(long i) {
			this.name = "customer-" + i;
			this.amount = i * 7;
		}
	}

	/** {@code @SnowflakeId}, configured exactly as the README's quick start. */
	@Entity
	@Table(name = "bench_snowflake")
	public static class SnowflakeRow extends Payload {

		@Id
		@SnowflakeId
		private Long id;
	}

	/** {@code @SegmentId}: short, dense ids from database segments of 1,000. */
	@Entity
	@Table(name = "bench_segment")
	public static class SegmentRow extends Payload {

		@Id
		@SegmentId(step = 1000)
		private Long id;
	}

	@Entity
	@Table(name = "bench_identity")
	public static class IdentityRow extends Payload {

		@Id
		@GeneratedValue(strategy = GenerationType.IDENTITY)
		private Long id;
	}

	@Entity
	@Table(name = "bench_sequence")
	public static class SequenceRow extends Payload {

		@Id
		@GeneratedValue(strategy = GenerationType.SEQUENCE, generator = "bench_sequence_seq")
		@SequenceGenerator(name = "bench_sequence_seq", sequenceName = "bench_sequence_seq", allocationSize = 50)
		private Long id;
	}

	@Entity
	@Table(name = "bench_uuid_v4")
	public static class UuidV4Row extends Payload {

		@Id
		@GeneratedValue(strategy = GenerationType.UUID)
		private UUID id;
	}

	/**
	 * UUIDv7 assigned by the application (uuid-creator), which works on Hibernate 6.6 and 7 alike
	 * (Hibernate 7's {@code @UuidGenerator(style = VERSION_7)} does the same inside Hibernate).
	 */
	@Entity
	@Table(name = "bench_uuid_v7")
	public static class UuidV7Row extends Payload {

		@Id
		private UUID id;

		public void setId(UUID id) {
			this.id = id;
		}
	}

	/** Ids assigned by the application from the same generator: the cost of the id itself, as a reference. */
	@Entity
	@Table(name = "bench_assigned")
	public static class AssignedRow extends Payload {

		@Id
		private Long id;

		public void setId(long id) {
			this.id = id;
		}
	}
}
