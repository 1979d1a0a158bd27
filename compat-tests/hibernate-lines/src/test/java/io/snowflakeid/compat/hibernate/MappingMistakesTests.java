package io.snowflakeid.compat.hibernate;

import io.snowflakeid.hibernate.internal.registry.SnowflakeMappingException;
import io.snowflakeid.hibernate.internal.registry.SnowflakeMappingException.Problem;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

/**
 * On every line, a half-migrated entity stops the start naming the attribute: each line reads
 * {@code @GeneratedValue} beside a generator annotation its own way (8.0 turned {@code @GenericGenerator} into a
 * generator annotation), and none may let one of the two win quietly.
 */
class MappingMistakesTests {

	@BeforeAll
	static void onTheRequestedLine() {
		Line.checkRunningOnTheRequestedLine();
	}

	@Test
	void snowflakeIdBesideGeneratedValueIdentityIsRefusedNamingTheAttribute() {
		SnowflakeMappingException failure = mappingFailure(HalfMigrated.Order.class);

		assertThat(failure.getProblem()).isEqualTo(Problem.COMBINED_WITH_GENERATED_VALUE);
		assertThat(failure.getAttribute()).isEqualTo("Order.id");
		assertThat(failure.getMessage()).contains("@GeneratedValue(strategy = IDENTITY)", "Remove @GeneratedValue");
	}

	@Test
	void segmentIdBesideGeneratedValueIsRefusedToo() {
		SnowflakeMappingException failure = mappingFailure(HalfMigrated.Account.class);

		assertThat(failure.getProblem()).isEqualTo(Problem.COMBINED_WITH_GENERATED_VALUE);
		assertThat(failure.getMessage()).contains("@SegmentId on Account.id together with @GeneratedValue");
	}

	@Test
	void anIntegerIdIsRefusedNamingItsType() {
		SnowflakeMappingException failure = mappingFailure(HalfMigrated.IntegerIdCustomer.class);

		assertThat(failure.getProblem()).isEqualTo(Problem.UNSUPPORTED_TYPE);
		assertThat(failure.getAttributeType()).isEqualTo("java.lang.Integer");
	}

	/** The line may wrap it (a MappingException, a ServiceException): the cause chain must carry ours. */
	private static SnowflakeMappingException mappingFailure(Class<?> entity) {
		Throwable failure = catchThrowable(
				() -> Line.build(Line.newDatabase(), Line.staticIds(3, 7), entity).close());
		for (Throwable cause = failure; cause != null; cause = cause.getCause()) {
			if (cause instanceof SnowflakeMappingException mapping) {
				return mapping;
			}
		}
		throw new AssertionError("no SnowflakeMappingException in the failure", failure);
	}
}
