package io.snowflakeid;

import java.time.Instant;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatNoException;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The check of ids the application assigns to String (decimal text) id columns. */
class AssignedIdRefusedExceptionTests {

	private final SnowflakeIdGenerator generator = SnowflakeIdGenerator.builder().datacenterId(1).workerId(2).build();

	/**
	 * MariaDB's collations (and MySQL's before utf8mb4_0900) are PAD SPACE: '123 ' and '123' are the same key. A
	 * future id with a trailing space was kept as "text that is not a number", and the generator's own id failed
	 * later as a duplicate key.
	 */
	@Test
	void aFutureIdInDecimalTextWithSpacesAroundItIsRefused() {
		long future = this.generator.layout().compose(Instant.now().plusSeconds(3600), 1, 2, 0);
		long now = System.currentTimeMillis();
		assertThatThrownBy(() -> AssignedIdRefusedException.checkValue(this.generator, "Text.code", future + " ", now))
			.isInstanceOf(AssignedIdRefusedException.class)
			.hasMessageContaining("Text.code = " + future);
		assertThatThrownBy(() -> AssignedIdRefusedException.checkValue(this.generator, "Text.code", " " + future, now))
			.isInstanceOf(AssignedIdRefusedException.class);
		assertThatNoException()
			.isThrownBy(() -> AssignedIdRefusedException.checkValue(this.generator, "Text.code", "legacy-17 ", now));
		assertThatNoException()
			.isThrownBy(() -> AssignedIdRefusedException.checkValue(this.generator, "Text.code", " 4711 ", now));
	}

	/**
	 * An assigned id is kept up to the clock plus the generator's clock tolerance (1 s by default), to the
	 * millisecond: one more is refused, naming the attribute, the id and the instant it decodes to. Negative ids are
	 * refused; 0 is kept.
	 */
	@Test
	void anAssignedIdIsKeptUpToTheClockPlusTheToleranceAndRefusedBeyond() {
		long now = Instant.parse("2026-12-05T12:00:00Z").toEpochMilli();
		long tolerance = this.generator.clockTolerance().toMillis();
		long atTheLimit = this.generator.layout().compose(Instant.ofEpochMilli(now + tolerance), 1, 2, 7);
		long beyond = this.generator.layout().compose(Instant.ofEpochMilli(now + tolerance + 1), 1, 2, 7);
		long behind = this.generator.layout().compose(Instant.ofEpochMilli(now - 60_000), 1, 2, 7);
		assertThat(AssignedIdRefusedException.check(this.generator, "Order.id", atTheLimit, now)).isEqualTo(atTheLimit);
		assertThat(AssignedIdRefusedException.check(this.generator, "Order.id", behind, now)).isEqualTo(behind);
		assertThat(AssignedIdRefusedException.check(this.generator, "Order.id", 0, now)).isZero();
		assertThatThrownBy(() -> AssignedIdRefusedException.check(this.generator, "Order.id", beyond, now))
			.isInstanceOfSatisfying(AssignedIdRefusedException.class, (ex) -> {
				assertThat(ex.getTarget()).isEqualTo("Order.id");
				assertThat(ex.getId()).isEqualTo(beyond);
			})
			.hasMessageStartingWith("Refusing to keep Order.id = " + beyond + ", set by the application")
			.hasMessageContaining("(this one decodes to " + Instant.ofEpochMilli(now + tolerance + 1) + ")");
		assertThatThrownBy(() -> AssignedIdRefusedException.check(this.generator, "Order.id", -1, now))
			.isInstanceOfSatisfying(AssignedIdRefusedException.class, (ex) -> assertThat(ex.getId()).isEqualTo(-1))
			.hasMessageContaining("(this one is negative)");
		assertThatNoException()
			.isThrownBy(() -> AssignedIdRefusedException.checkValue(this.generator, "Order.id", atTheLimit, now));
		assertThatThrownBy(() -> AssignedIdRefusedException.checkValue(this.generator, "Order.id", beyond, now))
			.isInstanceOf(AssignedIdRefusedException.class);
	}
}
