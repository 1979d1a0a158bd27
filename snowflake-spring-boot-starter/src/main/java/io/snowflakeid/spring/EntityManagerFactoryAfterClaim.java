package io.snowflakeid.spring;

import java.util.ArrayDeque;
import java.util.Arrays;
import java.util.Deque;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import jakarta.persistence.EntityManagerFactory;

import org.springframework.beans.factory.BeanFactoryUtils;
import org.springframework.beans.factory.BeanFactory;
import org.springframework.beans.factory.BeanFactoryAware;
import org.springframework.beans.factory.config.BeanDefinition;
import org.springframework.beans.factory.config.BeanFactoryPostProcessor;
import org.springframework.beans.factory.config.ConfigurableListableBeanFactory;
import org.springframework.beans.factory.config.InstantiationAwareBeanPostProcessor;
import org.springframework.beans.factory.support.BeanDefinitionRegistry;
import org.springframework.beans.factory.support.RootBeanDefinition;
import org.springframework.core.Ordered;
import org.springframework.orm.jpa.AbstractEntityManagerFactoryBean;
import org.springframework.util.ObjectUtils;

/**
 * Orders the starter's beans around every EntityManagerFactory, when they are created and when they are closed:
 * <ul>
 * <li>every factory waits for the {@link WorkerClaim} bean, so that the claim has started before Hibernate boots and
 * runs beside it; left out for a factory the claim itself waits for (with
 * {@code spring.jpa.defer-datasource-initialization=true} the factory is a database initializer);</li>
 * <li>the claim and the segment generators wait for the database initialization (Flyway, Liquibase, SQL scripts:
 * {@code @DependsOnDatabaseInitialization}), but not through a depends-on declaration, which Spring also reads as
 * "close first": under deferred initialization that closed them before the factory, whose inserts they serve. They
 * are created after those beans all the same ({@link CreatedAfter}), and every factory closes before them.</li>
 * </ul>
 * Runs after Spring Boot has added the database-initialization dependencies (its post-processor has order 0).
 */
final class EntityManagerFactoryAfterClaim implements BeanFactoryPostProcessor, Ordered {

	/** The bean of {@link CreatedAfter}. */
	static final String CREATED_AFTER = "snowflakeCreatedAfterDatabaseInitialization";

	private final String claim;

	private final List<String> createdAfterInitialization;

	EntityManagerFactoryAfterClaim(String claim, String... createdAfterInitialization) {
		this.claim = claim;
		this.createdAfterInitialization = List.of(createdAfterInitialization);
	}

	@Override
	public int getOrder() {
		return Ordered.LOWEST_PRECEDENCE;
	}

	@Override
	public void postProcessBeanFactory(ConfigurableListableBeanFactory beanFactory) {
		if (!beanFactory.containsBeanDefinition(CREATED_AFTER)) {
			if (!(beanFactory instanceof BeanDefinitionRegistry registry)) {
				return;
			}
			// the factories are searched for once, here: a search goes through every bean definition
			List<String> factories = factories(beanFactory).stream().filter(beanFactory::containsBeanDefinition).toList();
			factoriesAfterClaim(beanFactory, factories);
			createdAfterInitialization(beanFactory, registry, factories);
		}
		// Registered now, before the post-processor beans are created: an application's post-processor that takes
		// a generator would otherwise create the claim before this one exists (and so before Flyway).
		if (beanFactory.containsBeanDefinition(CREATED_AFTER)) {
			beanFactory.addBeanPostProcessor(beanFactory.getBean(CREATED_AFTER, CreatedAfter.class).postProcessor());
		}
		// Else done already: the definitions come from an ahead-of-time build, where this ran (the factories'
		// depends-on and CreatedAfter's names are in the generated code).
	}

	private void factoriesAfterClaim(ConfigurableListableBeanFactory beanFactory, List<String> factories) {
		if (!beanFactory.containsBeanDefinition(this.claim)) {
			return;
		}
		Set<String> claimWaitsFor = dependsOnClosure(beanFactory, this.claim);
		for (String factory : factories) {
			if (claimWaitsFor.contains(factory)) {
				continue;
			}
			BeanDefinition definition = beanFactory.getBeanDefinition(factory);
			String[] dependsOn = definition.getDependsOn();
			if (!ObjectUtils.containsElement(dependsOn, this.claim)) {
				definition.setDependsOn(ObjectUtils.addObjectToArray(dependsOn, this.claim));
			}
		}
	}

	private void createdAfterInitialization(ConfigurableListableBeanFactory beanFactory,
			BeanDefinitionRegistry registry, List<String> factories) {
		Map<String, List<String>> createdAfter = new LinkedHashMap<>();
		for (String name : this.createdAfterInitialization) {
			if (beanFactory.containsBeanDefinition(name) && starters(beanFactory.getBeanDefinition(name))) {
				BeanDefinition definition = beanFactory.getBeanDefinition(name);
				String[] dependsOn = definition.getDependsOn();
				createdAfter.put(name, (dependsOn != null) ? List.of(dependsOn) : List.of());
				definition.setDependsOn();
			}
		}
		if (!createdAfter.isEmpty()) {
			// a bean definition, not only an instance: an ahead-of-time build keeps it, with the names it waits for
			RootBeanDefinition definition = new RootBeanDefinition(CreatedAfter.class);
			definition.setRole(BeanDefinition.ROLE_INFRASTRUCTURE);
			definition.getConstructorArgumentValues().addIndexedArgumentValue(0, createdAfter);
			definition.getConstructorArgumentValues().addIndexedArgumentValue(1, factories);
			registry.registerBeanDefinition(CREATED_AFTER, definition);
		}
	}

	/** Whether the starter's auto-configuration declares it (an application's bean of the same name is left alone). */
	private static boolean starters(BeanDefinition definition) {
		return SnowflakeAutoConfiguration.class.getName().equals(definition.getFactoryBeanName());
	}

	/**
	 * Creates the beans each of those beans waited for before it (what its depends-on declaration did), and once it
	 * exists declares every EntityManagerFactory its dependent, so that Spring closes the factories first.
	 */
	static final class CreatedAfter implements BeanFactoryAware {

		private final Map<String, List<String>> createdAfter;

		/** This context's EntityManagerFactories, as found when the definitions were settled. */
		private final List<String> factories;

		private final Processor processor = new Processor();

		private ConfigurableListableBeanFactory beanFactory;

		CreatedAfter(Map<String, List<String>> createdAfter, List<String> factories) {
			this.createdAfter = createdAfter;
			this.factories = factories;
		}

		@Override
		public void setBeanFactory(BeanFactory beanFactory) {
			this.beanFactory = (ConfigurableListableBeanFactory) beanFactory;
		}

		/**
		 * The post-processor that does it, added to the factory by {@link EntityManagerFactoryAfterClaim} before the
		 * post-processor beans are created. This bean is none itself: a BeanPostProcessor bean added early is
		 * registered by the context a second time, which Spring counts once, and its check then logged every later
		 * bean of the application as "not eligible for getting processed by all BeanPostProcessors" (hundreds of
		 * warnings at every start, none of them true).
		 */
		InstantiationAwareBeanPostProcessor postProcessor() {
			return this.processor;
		}

		private final class Processor implements InstantiationAwareBeanPostProcessor {

			@Override
			public Object postProcessBeforeInstantiation(Class<?> beanClass, String beanName) {
				List<String> first = CreatedAfter.this.createdAfter.get(beanName);
				if (first != null) {
					for (String name : first) {
						CreatedAfter.this.beanFactory.getBean(name);
					}
				}
				return null;
			}

			@Override
			public Object postProcessAfterInitialization(Object bean, String beanName) {
				if (CreatedAfter.this.createdAfter.containsKey(beanName)) {
					for (String factory : CreatedAfter.this.factories) {
						CreatedAfter.this.beanFactory.registerDependentBean(beanName, factory);
					}
				}
				return bean;
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
