package io.snowflakeid.spring;

import java.util.List;
import java.util.Map;

import jakarta.persistence.EntityManagerFactory;
import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.support.DefaultListableBeanFactory;
import org.springframework.beans.factory.support.RootBeanDefinition;

import static org.assertj.core.api.Assertions.assertThat;

/** The bean definitions of an ahead-of-time build already hold what this post-processor decided at build time. */
class EntityManagerFactoryAfterClaimTests {

	@Test
	void atTheRuntimeOfAnAheadOfTimeBuildTheFactoriesAreNotMadeToWaitForAClaimThatWaitsForThem() {
		DefaultListableBeanFactory beans = new DefaultListableBeanFactory();
		// as generated under deferred initialization: the claim's wait for the factory is in CreatedAfter's names
		beans.registerBeanDefinition("snowflakeWorkerClaim", new RootBeanDefinition(Object.class));
		RootBeanDefinition factory = new RootBeanDefinition(Object.class);
		factory.setTargetType(EntityManagerFactory.class);
		beans.registerBeanDefinition("entityManagerFactory", factory);
		RootBeanDefinition createdAfter = new RootBeanDefinition(EntityManagerFactoryAfterClaim.CreatedAfter.class);
		createdAfter.getConstructorArgumentValues()
			.addIndexedArgumentValue(0, Map.of("snowflakeWorkerClaim", List.of("entityManagerFactory")));
		createdAfter.getConstructorArgumentValues().addIndexedArgumentValue(1, List.of("entityManagerFactory"));
		beans.registerBeanDefinition(EntityManagerFactoryAfterClaim.CREATED_AFTER, createdAfter);
		new EntityManagerFactoryAfterClaim(SnowflakeAutoConfiguration.WORKER_CLAIM,
				SnowflakeAutoConfiguration.WORKER_CLAIM, SnowflakeAutoConfiguration.SEGMENT_GENERATORS)
			.postProcessBeanFactory(beans);
		assertThat(factory.getDependsOn()).as("a creation cycle otherwise").isNullOrEmpty();
		assertThat(beans.getBeanPostProcessors())
			.contains(beans.getBean(EntityManagerFactoryAfterClaim.CREATED_AFTER, EntityManagerFactoryAfterClaim.CreatedAfter.class)
				.postProcessor());
	}
}
