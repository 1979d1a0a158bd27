package io.snowflakeid.spring;

import io.snowflakeid.spring.internal.BackgroundTask;
import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.support.DefaultListableBeanFactory;
import org.springframework.mock.env.MockEnvironment;

import static org.assertj.core.api.Assertions.assertThat;

/** The properties warm-up runs beside the start only where a processor is left for it, and never fails the start. */
class PropertiesWarmUpTests {

	private final DefaultListableBeanFactory beanFactory = new DefaultListableBeanFactory();

	@Test
	void onOneOrTwoProcessorsNoWarmUpThreadIsStarted() {
		for (int processors = 1; processors < PropertiesWarmUp.MIN_PROCESSORS; processors++) {
			PropertiesWarmUp warmUp = new PropertiesWarmUp(processors);
			warmUp.setEnvironment(new MockEnvironment().withProperty("snowflake.worker-id", "1"));
			assertThat(warmUp.warmUp(this.beanFactory)).as("%s processors", processors).isNull();
		}
	}

	@Test
	void withAProcessorLeftItBindsOnAThreadOfItsOwnAndIgnoresABadValue() {
		PropertiesWarmUp warmUp = new PropertiesWarmUp(PropertiesWarmUp.MIN_PROCESSORS);
		warmUp.setEnvironment(new MockEnvironment().withProperty("snowflake.worker-id", "not a number"));
		BackgroundTask<Void> task = warmUp.warmUp(this.beanFactory);
		assertThat(task).as("started").isNotNull();
		task.join(); // the context's own binding reports the bad value, naming it: the warm-up ends quietly
	}

	@Test
	void withoutAnEnvironmentNothingRuns() {
		assertThat(new PropertiesWarmUp(8).warmUp(this.beanFactory)).isNull();
	}
}
