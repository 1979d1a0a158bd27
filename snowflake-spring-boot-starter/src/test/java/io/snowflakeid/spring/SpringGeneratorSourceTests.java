package io.snowflakeid.spring;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;

import org.junit.jupiter.api.Test;

import io.snowflakeid.SnowflakeIdGenerator;
import io.snowflakeid.SnowflakeLayout;

import org.springframework.beans.factory.BeanInitializationException;
import org.springframework.beans.factory.NoUniqueBeanDefinitionException;
import org.springframework.beans.factory.config.BeanDefinition;
import org.springframework.beans.factory.support.DefaultListableBeanFactory;
import org.springframework.beans.factory.support.RootBeanDefinition;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** How start-up checks run: beside the start until it is over, then on the caller's thread; failures always surface. */
class SpringGeneratorSourceTests {

	private final DefaultListableBeanFactory beans = new DefaultListableBeanFactory();

	private final SpringGeneratorSource source = new SpringGeneratorSource(this.beans);

	@Test
	void theFirstIdWaitsForTheChecksStillRunningAndFailsWithTheirFailure() {
		this.beans.registerSingleton("generator", SnowflakeIdGenerator.builder().datacenterId(1).workerId(1).build());
		CountDownLatch release = new CountDownLatch(1);
		this.source.startupCheck(() -> {
			await(release);
			throw new IllegalStateException("narrow column");
		});
		new Thread(() -> {
			sleep(200);
			release.countDown();
		}).start();
		assertThatThrownBy(this.source::snowflake).as("no id before the check answered")
			.isInstanceOf(IllegalStateException.class)
			.hasMessage("narrow column");
	}

	@Test
	void aPrototypeGeneratorIsTakenOnceForEveryAttributeAndThread() {
		RootBeanDefinition prototype = new RootBeanDefinition(SnowflakeIdGenerator.class,
				() -> SnowflakeIdGenerator.builder().datacenterId(1).workerId(1).build());
		prototype.setScope(BeanDefinition.SCOPE_PROTOTYPE);
		this.beans.registerBeanDefinition("generator", prototype);
		assertThat(this.source.snowflake()).as("one sequence per node").isSameAs(this.source.snowflake());
	}

	@Test
	void twoGeneratorBeansFailTheStartOnlyWhereHibernateMapsASnowflakeId() {
		this.beans.registerSingleton("one", SnowflakeIdGenerator.builder().datacenterId(1).workerId(1).build());
		this.beans.registerSingleton("two", SnowflakeIdGenerator.builder().datacenterId(1).workerId(2).build());
		this.source.afterSingletonsInstantiated(); // an application that takes them by name: starts as before
		SpringGeneratorSource asked = new SpringGeneratorSource(this.beans);
		assertThat(asked.definesSnowflake()).isTrue(); // what Hibernate asks for each @SnowflakeId
		assertThatThrownBy(asked::afterSingletonsInstantiated).as("which one? refused at start, as before")
			.isInstanceOf(NoUniqueBeanDefinitionException.class);
	}

	@Test
	void aCheckDuringTheStartRunsOnAThreadOfItsOwnAndItsFailureFailsTheStart() throws Exception {
		AtomicReference<Thread> ranOn = new AtomicReference<>();
		CountDownLatch release = new CountDownLatch(1);
		this.source.startupCheck(() -> {
			ranOn.set(Thread.currentThread());
			await(release);
			throw new IllegalStateException("narrow column");
		});
		release.countDown();
		assertThatThrownBy(this.source::afterSingletonsInstantiated).isInstanceOf(BeanInitializationException.class)
			.hasRootCauseInstanceOf(IllegalStateException.class)
			.hasRootCauseMessage("narrow column");
		assertThat(ranOn.get()).isNotSameAs(Thread.currentThread());
		assertThat(ranOn.get().getName()).isEqualTo("snowflake-column-check");
	}

	@Test
	void theStartWaitsForAllChecks() {
		AtomicReference<Boolean> done = new AtomicReference<>(false);
		this.source.startupCheck(() -> {
			sleep(200);
			done.set(true);
		});
		this.source.afterSingletonsInstantiated();
		assertThat(done.get()).as("taken before the start is over").isTrue();
	}

	@Test
	void aCheckAfterTheStartRunsOnTheCallersThreadAndThrowsThere() {
		this.source.afterSingletonsInstantiated();
		AtomicReference<Thread> ranOn = new AtomicReference<>();
		assertThatThrownBy(() -> this.source.startupCheck(() -> {
			ranOn.set(Thread.currentThread());
			throw new IllegalStateException("narrow column");
		})).hasMessage("narrow column");
		assertThat(ranOn.get()).isSameAs(Thread.currentThread());
	}

	@Test
	void afterTheContextClosedNoGeneratorBeanIsCreatedAgain() {
		AtomicInteger created = new AtomicInteger();
		RootBeanDefinition lazy = new RootBeanDefinition(SnowflakeIdGenerator.class, () -> {
			created.incrementAndGet(); // with a lease: a worker id claimed that nothing would release
			return SnowflakeIdGenerator.builder().datacenterId(1).workerId(1).build();
		});
		lazy.setLazyInit(true);
		this.beans.registerBeanDefinition("generator", lazy);
		this.source.afterSingletonsInstantiated();
		this.source.destroy();
		assertThatThrownBy(this.source::snowflake).isInstanceOf(IllegalStateException.class)
			.hasMessageContaining("closed");
		assertThat(created).hasValue(0);
	}

	@Test
	void anApplicationsGeneratorIsAskedForItsLayoutWhateverItsBeanName() {
		SnowflakeIdGenerator own = SnowflakeIdGenerator.builder()
			.layout(SnowflakeLayout.JAVASCRIPT_SAFE)
			.workerId(3)
			.build();
		// the starter's bean name, but the application's bean: not the layout of the snowflake.* properties
		this.beans.registerSingleton(SnowflakeAutoConfiguration.MANAGED_GENERATOR, own);
		assertThat(this.source.snowflakeLayout()).isEqualTo(own.layout());
	}

	@Test
	void whetherTheContextDefinesAGeneratorIsLookedUpOnceItsDefinitionsAreFrozen() {
		AtomicInteger lookups = new AtomicInteger();
		DefaultListableBeanFactory counted = new DefaultListableBeanFactory() {
			@Override
			public String[] getBeanNamesForType(Class<?> type, boolean includeNonSingletons, boolean allowEagerInit) {
				lookups.incrementAndGet();
				return super.getBeanNamesForType(type, includeNonSingletons, allowEagerInit);
			}
		};
		SpringGeneratorSource source = new SpringGeneratorSource(counted);
		assertThat(source.definesSnowflake()).as("nothing defined yet").isFalse();
		counted.registerBeanDefinition("generator", new RootBeanDefinition(SnowflakeIdGenerator.class,
				() -> SnowflakeIdGenerator.builder().datacenterId(1).workerId(1).build()));
		assertThat(source.definesSnowflake()).as("definitions may still change: asked again").isTrue();
		counted.freezeConfiguration();
		int before = lookups.get();
		for (int attribute = 0; attribute < 20; attribute++) { // Hibernate asks for every mapped attribute
			assertThat(source.definesSnowflake()).isTrue();
		}
		assertThat(lookups.get() - before).as("one walk over the definitions, not one per attribute").isEqualTo(1);
	}

	@Test
	void aGeneratorRegisteredAfterTheFreezeIsSeenThoughTheContextHadNoneWhenFirstAsked() {
		this.beans.freezeConfiguration();
		assertThat(this.source.definesSnowflake()).isFalse();
		SnowflakeIdGenerator late = SnowflakeIdGenerator.builder().datacenterId(1).workerId(1).build();
		this.beans.registerSingleton("late", late);
		assertThat(this.source.definesSnowflake()).as("a no is not remembered").isTrue();
		assertThat(this.source.snowflake()).isSameAs(late);
	}

	private static void await(CountDownLatch latch) {
		try {
			latch.await(10, TimeUnit.SECONDS);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
		}
	}

	private static void sleep(long millis) {
		try {
			Thread.sleep(millis);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
		}
	}
}
