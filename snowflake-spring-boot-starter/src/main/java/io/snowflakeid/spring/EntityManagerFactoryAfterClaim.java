package io.snowflakeid.spring;

import java.util.ArrayDeque;
import java.util.Arrays;
import java.util.Deque;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.Set;

import jakarta.persistence.EntityManagerFactory;

import org.springframework.beans.factory.BeanFactoryUtils;
import org.springframework.beans.factory.config.BeanDefinition;
import org.springframework.beans.factory.config.BeanFactoryPostProcessor;
import org.springframework.beans.factory.config.ConfigurableListableBeanFactory;
import org.springframework.core.Ordered;
import org.springframework.orm.jpa.AbstractEntityManagerFactoryBean;
import org.springframework.util.ObjectUtils;

/**
 * Makes every EntityManagerFactory wait for the {@link WorkerClaim} bean, so that the claim has started before
 * Hibernate boots and runs beside it (and the lease is released after the factories are closed). Left out for a
 * factory the claim itself waits for: with {@code spring.jpa.defer-datasource-initialization=true} the factory is a
 * database initializer, which the claim waits for. Runs after Spring Boot has added those database-initialization
 * dependencies (its post-processor has order 0).
 */
final class EntityManagerFactoryAfterClaim implements BeanFactoryPostProcessor, Ordered {

	private final String claim;

	EntityManagerFactoryAfterClaim(String claim) {
		this.claim = claim;
	}

	@Override
	public int getOrder() {
		return Ordered.LOWEST_PRECEDENCE;
	}

	@Override
	public void postProcessBeanFactory(ConfigurableListableBeanFactory beanFactory) {
		if (!beanFactory.containsBeanDefinition(this.claim)) {
			return;
		}
		Set<String> claimWaitsFor = dependsOnClosure(beanFactory, this.claim);
		for (String factory : factories(beanFactory)) {
			if (claimWaitsFor.contains(factory) || !beanFactory.containsBeanDefinition(factory)) {
				continue;
			}
			BeanDefinition definition = beanFactory.getBeanDefinition(factory);
			String[] dependsOn = definition.getDependsOn();
			if (!ObjectUtils.containsElement(dependsOn, this.claim)) {
				definition.setDependsOn(ObjectUtils.addObjectToArray(dependsOn, this.claim));
			}
		}
	}

	private static Set<String> factories(ConfigurableListableBeanFactory beanFactory) {
		Set<String> names = new LinkedHashSet<>(Arrays.asList(BeanFactoryUtils
			.beanNamesForTypeIncludingAncestors(beanFactory, EntityManagerFactory.class, true, false)));
		for (String name : BeanFactoryUtils.beanNamesForTypeIncludingAncestors(beanFactory,
				AbstractEntityManagerFactoryBean.class, true, false)) {
			names.add(BeanFactoryUtils.transformedBeanName(name));
		}
		return names;
	}

	/** Every bean {@code name} waits for through depends-on declarations, transitively. */
	static Set<String> dependsOnClosure(ConfigurableListableBeanFactory beanFactory, String name) {
		Set<String> seen = new HashSet<>();
		Deque<String> next = new ArrayDeque<>();
		next.add(name);
		while (!next.isEmpty()) {
			String bean = next.poll();
			if (!beanFactory.containsBeanDefinition(bean)) {
				continue;
			}
			// The definition itself: a merged one may be cached from before Spring Boot added its dependencies.
			String[] dependsOn = beanFactory.getBeanDefinition(bean).getDependsOn();
			if (dependsOn != null) {
				for (String dependency : dependsOn) {
					String resolved = BeanFactoryUtils.transformedBeanName(dependency);
					if (seen.add(resolved)) {
						next.add(resolved);
					}
				}
			}
		}
		return seen;
	}
}
