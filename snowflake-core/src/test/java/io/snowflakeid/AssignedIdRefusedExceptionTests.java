package io.snowflakeid;

import java.time.Instant;

import org.junit.jupiter.api.Test;

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
}
