package io.snowflakeid.hibernate;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.util.Map;

import io.snowflakeid.SnowflakeLayout;
import io.snowflakeid.hibernate.Entities.Account;
import io.snowflakeid.hibernate.Entities.Invoice;
import io.snowflakeid.hibernate.internal.registry.SnowflakeGeneratorLookup;
import net.bytebuddy.ByteBuddy;
import net.bytebuddy.dynamic.loading.ClassLoadingStrategy;
import org.hibernate.MappingException;
import org.hibernate.SessionFactory;
import org.hibernate.cfg.Configuration;
import org.hibernate.resource.beans.container.spi.BeanContainer;
import org.hibernate.resource.beans.container.spi.ContainedBean;
import org.hibernate.resource.beans.spi.BeanInstanceProducer;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

/**
 * Where the generator comes from when Hibernate was given a bean container that has no generator bean: inside
 * Spring (its container recognised by class name; here a stand-in named like Spring's) that is an error, never a
 * silent fall-back to Hibernate's own settings; with any other container the settings are used as before.
 */
class SnowflakeGeneratorLookupTests {

	private static final String SPRINGS_CONTAINER = "org.springframework.orm.jpa.hibernate.SpringBeanContainer";

	private static final String QUARKUS_CONTAINER = "io.quarkus.hibernate.orm.runtime.cdi.QuarkusArcBeanContainer";

	@Test
	void springContainerWithoutTheGeneratorBeanFailsTheBuildNamingAttributeAutoConfigurationAndFix() throws Exception {
		Map<String, String> settings = PlainHibernate.h2Settings();
		Exception failure = catchThrowableOfType(Exception.class,
				() -> build(settings, springNamedContainer(), Invoice.class));
		assertThat(failure).isNotNull();
		MappingException mapping = find(failure, MappingException.class);
		assertThat(mapping).as(() -> "a MappingException in the chain of " + failure).isNotNull();
		assertThat(mapping.getMessage()).contains("@SnowflakeId on Invoice.id");
		assertThat(mapping.getMessage()).contains(SPRINGS_CONTAINER);
		assertThat(mapping.getMessage()).contains("no io.snowflakeid.SnowflakeIdGenerator bean");
		assertThat(mapping.getMessage())
			.contains("io.snowflakeid.spring.SnowflakeAutoConfiguration) is missing or excluded");
		assertThat(mapping.getMessage()).contains("@ImportAutoConfiguration(SnowflakeAutoConfiguration.class)");
		assertThat(leaseTableExists(settings.get("hibernate.connection.url")))
			.as("no worker id leased from Hibernate's settings behind the application's back")
			.isFalse();
	}

	@Test
	void springContainerWithoutTheSegmentBeanFailsTheBuildForSegmentIdToo() {
		Exception failure = catchThrowableOfType(Exception.class,
				() -> build(PlainHibernate.h2Settings(), springNamedContainer(), Account.class));
		assertThat(failure).isNotNull();
		MappingException mapping = find(failure, MappingException.class);
		assertThat(mapping).as(() -> "a MappingException in the chain of " + failure).isNotNull();
		assertThat(mapping.getMessage()).contains("@SegmentId on Account.id");
		assertThat(mapping.getMessage()).contains("no io.snowflakeid.segment.SegmentIdGenerators bean");
	}

	@Test
	void springContainerWithNodeSettingsGivenToHibernateOnPurposeUsesThem() throws Exception {
		Map<String, String> settings = PlainHibernate.h2Settings();
		settings.put("snowflake.datacenter-id", "6");
		settings.put("snowflake.worker-id", "7");
		try (SessionFactory factory = build(settings, springNamedContainer(), Invoice.class)) {
			assertDecodesTo(factory, 6, 7);
		}
	}

	@Test
	void otherBeanContainersWithoutTheBeanStillUseHibernatesSettings() throws Exception {
		Map<String, String> settings = PlainHibernate.h2Settings();
		settings.put("snowflake.datacenter-id", "4");
		settings.put("snowflake.worker-id", "5");
		try (SessionFactory factory = build(settings, new EmptyContainer(), Invoice.class)) {
			assertDecodesTo(factory, 4, 5);
		}
	}

	@Test
	void quarkusContainerWithoutTheExtensionFailsTheBuildNamingTheExtension() throws Exception {
		Map<String, String> settings = PlainHibernate.h2Settings();
		Exception failure = catchThrowableOfType(Exception.class,
				() -> build(settings, namedContainer(QUARKUS_CONTAINER), Invoice.class));
		MappingException mapping = find(failure, MappingException.class);
		assertThat(mapping).as(() -> "a MappingException in the chain of " + failure).isNotNull();
		assertThat(mapping.getMessage()).contains("@SnowflakeId on Invoice.id", QUARKUS_CONTAINER,
				"the extension io.snowflakeid:snowflake-quarkus is missing");
		assertThat(leaseTableExists(settings.get("hibernate.connection.url")))
			.as("no worker id leased from Hibernate's settings behind the application's back")
			.isFalse();
		Exception segments = catchThrowableOfType(Exception.class,
				() -> build(PlainHibernate.h2Settings(), namedContainer(QUARKUS_CONTAINER), Account.class));
		assertThat(find(segments, MappingException.class)).hasMessageContaining("@SegmentId on Account.id")
			.hasMessageContaining("snowflake-quarkus");
	}

	@Test
	void quarkusContainerWithNodeSettingsGivenToHibernateOnPurposeUsesThem() throws Exception {
		Map<String, String> settings = PlainHibernate.h2Settings();
		settings.put("snowflake.datacenter-id", "3");
		settings.put("snowflake.worker-id", "5");
		try (SessionFactory factory = build(settings, namedContainer(QUARKUS_CONTAINER), Invoice.class)) {
			assertDecodesTo(factory, 3, 5);
		}
	}

	@Test
	void quarkusContainerIsRecognisedByName() throws Exception {
		assertThat(SnowflakeGeneratorLookup.isQuarkus(namedContainer(QUARKUS_CONTAINER))).isTrue();
		assertThat(SnowflakeGeneratorLookup.isQuarkus(springNamedContainer())).isFalse();
		assertThat(SnowflakeGeneratorLookup.isQuarkus(new EmptyContainer())).isFalse();
		assertThat(SnowflakeGeneratorLookup.isQuarkus(null)).isFalse();
	}

	@Test
	void springsContainerIsRecognisedByNameWithoutADependencyOnSpring() throws Exception {
		assertThat(SnowflakeGeneratorLookup.isSpring(springNamedContainer())).isTrue();
		assertThat(SnowflakeGeneratorLookup.isSpring(new EmptyContainer())).isFalse();
		assertThat(SnowflakeGeneratorLookup.isSpring(null)).isFalse();
	}

	private static void assertDecodesTo(SessionFactory factory, int datacenter, int worker) {
		Invoice invoice = new Invoice("c");
		factory.inTransaction((session) -> session.persist(invoice));
		assertThat(SnowflakeLayout.DEFAULT.decode(invoice.id).datacenterId()).isEqualTo(datacenter);
		assertThat(SnowflakeLayout.DEFAULT.decode(invoice.id).workerId()).isEqualTo(worker);
	}

	private static SessionFactory build(Map<String, String> settings, BeanContainer container, Class<?>... entities) {
		Configuration configuration = new Configuration();
		settings.forEach(configuration::setProperty);
		configuration.getProperties().put("hibernate.resource.beans.container", container);
		for (Class<?> entity : entities) {
			configuration.addAnnotatedClass(entity);
		}
		return configuration.buildSessionFactory();
	}

	/** An {@link EmptyContainer} whose class is named like Spring's, generated: no Spring on this class path. */
	private static BeanContainer springNamedContainer() throws Exception {
		return namedContainer(SPRINGS_CONTAINER);
	}

	/** An {@link EmptyContainer} whose class is named {@code name}, generated. */
	private static BeanContainer namedContainer(String name) throws Exception {
		return new ByteBuddy().subclass(EmptyContainer.class)
			.name(name)
			.make()
			.load(EmptyContainer.class.getClassLoader(), ClassLoadingStrategy.Default.WRAPPER)
			.getLoaded()
			.getConstructor()
			.newInstance();
	}

	private static boolean leaseTableExists(String url) throws Exception {
		try (Connection connection = DriverManager.getConnection(url, "sa", "");
				ResultSet tables = connection.createStatement()
					.executeQuery("SELECT COUNT(*) FROM INFORMATION_SCHEMA.TABLES"
							+ " WHERE UPPER(TABLE_NAME) = 'SNOWFLAKE_WORKER_LEASE'")) {
			tables.next();
			return tables.getInt(1) > 0;
		}
	}

	private static <T extends Throwable> T find(Throwable failure, Class<T> type) {
		for (Throwable cause = failure; cause != null; cause = cause.getCause()) {
			if (type.isInstance(cause)) {
				return type.cast(cause);
			}
		}
		return null;
	}

	/** A bean container without beans: like Spring's, it asks the fallback producer for what it does not have. */
	public static class EmptyContainer implements BeanContainer {

		public EmptyContainer() {
		}

		@Override
		public <B> ContainedBean<B> getBean(Class<B> beanType, LifecycleOptions options,
				BeanInstanceProducer fallback) {
			return contained(beanType, fallback.produceBeanInstance(beanType));
		}

		@Override
		public <B> ContainedBean<B> getBean(String name, Class<B> beanType, LifecycleOptions options,
				BeanInstanceProducer fallback) {
			return contained(beanType, fallback.produceBeanInstance(name, beanType));
		}

		private static <B> ContainedBean<B> contained(Class<B> type, B instance) {
			return new ContainedBean<B>() { // not <>: with a diamond every method would have to override one
				@Override
				public B getBeanInstance() {
					return instance;
				}

				// ManagedBean.getBeanClass() of Hibernate 7 (not in 6.6, hence no @Override)
				public Class<B> getBeanClass() {
					return type;
				}
			};
		}

		@Override
		public void stop() {
		}
	}
}
