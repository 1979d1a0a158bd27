package io.snowflakeid.spring.closing;

import java.util.ArrayList;
import java.util.List;

import jakarta.persistence.EntityManager;
import jakarta.persistence.EntityManagerFactory;

import org.springframework.beans.factory.config.DestructionAwareBeanPostProcessor;
import org.springframework.orm.jpa.EntityManagerFactoryInfo;

/**
 * The last work of an application as its context closes (a listener draining its queue, a scheduled task finishing):
 * one insert of each kind just before the EntityManagerFactory closes. Spring closes a bean after those that depend
 * on it, so what gives the ids must still be open then.
 */
final class LastWork implements DestructionAwareBeanPostProcessor {

	final List<Object> ids = new ArrayList<>();

	final List<Throwable> failures = new ArrayList<>();

	@Override
	public void postProcessBeforeDestruction(Object bean, String beanName) {
		if (!"entityManagerFactory".equals(beanName)) {
			return;
		}
		EntityManagerFactory factory = ((EntityManagerFactoryInfo) bean).getNativeEntityManagerFactory();
		for (Object entity : List.of(new Order(), new Coupon())) {
			try (EntityManager entityManager = factory.createEntityManager()) {
				entityManager.getTransaction().begin();
				entityManager.persist(entity);
				entityManager.getTransaction().commit();
				this.ids.add(factory.getPersistenceUnitUtil().getIdentifier(entity));
			}
			catch (RuntimeException ex) {
				this.failures.add(ex);
			}
		}
	}
}
