package io.snowflakeid.hibernate;

import net.bytebuddy.ByteBuddy;
import net.bytebuddy.dynamic.loading.ClassLoadingStrategy;
import org.hibernate.engine.spi.SharedSessionContractImplementor;
import org.hibernate.generator.EventType;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThatIllegalStateException;

/**
 * What the generators do with a Hibernate Reactive session (recognised by its class's package, as Hibernate Reactive
 * is not a dependency), here a stand-in class of that package: the Quarkus extension covers the real thing.
 */
class ReactiveSessionTests {

	/** Quarkus refuses @SegmentId on reactive units at build time; a use its index did not show fails here. */
	@Test
	void aSegmentIdIsRefusedOnAReactiveSessionBeforeAnyJdbc() throws ReflectiveOperationException {
		SharedSessionContractImplementor session = new ByteBuddy().subclass(Object.class)
			.implement(SharedSessionContractImplementor.class)
			.name("org.hibernate.reactive.session.impl.StandInSession")
			.make()
			.load(getClass().getClassLoader(), ClassLoadingStrategy.Default.WRAPPER)
			.getLoaded()
			.asSubclass(SharedSessionContractImplementor.class)
			.getDeclaredConstructor()
			.newInstance();
		SegmentIdentifierGenerator generator = new SegmentIdentifierGenerator();
		assertThatIllegalStateException().isThrownBy(() -> generator.generate(session, new Object()))
			.withMessageContaining("@SegmentId is not supported on Hibernate Reactive entities");
		assertThatIllegalStateException()
			.isThrownBy(() -> generator.generate(session, new Object(), null, EventType.INSERT))
			.withMessageContaining("@SegmentId is not supported on Hibernate Reactive entities");
	}
}
