package io.snowflakeid.hibernate;

import java.sql.Connection;
import java.sql.SQLException;
import java.time.Instant;
import java.util.Map;

import io.snowflakeid.SnowflakeIdGenerator;
import io.snowflakeid.SnowflakeSettings;
import io.snowflakeid.segment.SegmentIdGenerators;
import io.snowflakeid.segment.SegmentSettingsReader;
import io.snowflakeid.worker.ConnectionSource;
import io.snowflakeid.worker.ManagedGenerator;
import io.snowflakeid.worker.SnowflakeGenerators;
import org.hibernate.boot.registry.StandardServiceInitiator;
import org.hibernate.boot.registry.StandardServiceRegistryBuilder;
import org.hibernate.engine.jdbc.connections.spi.ConnectionProvider;
import org.hibernate.service.Service;
import org.hibernate.service.ServiceRegistry;
import org.hibernate.service.spi.ServiceContributor;
import org.hibernate.service.spi.ServiceRegistryImplementor;
import org.hibernate.service.spi.Stoppable;

/**
 * The generator of one Hibernate service registry, built from its {@code snowflake.*} settings on first use and
 * closed with the registry (which releases a worker lease before the connection pool goes away). Registered
 * through {@link Contributor}, found by Hibernate with the ServiceLoader.
 */
public final class SnowflakeGeneratorService implements Service, Stoppable {

	private static final long serialVersionUID = 1L;

	private static final System.Logger logger = System.getLogger(SnowflakeIdentifierGenerator.class.getName());

	private final transient Map<String, Object> settings;

	private final transient ServiceRegistry registry;

	private transient ManagedGenerator managed;

	private transient SegmentIdGenerators segments;

	SnowflakeGeneratorService(Map<String, Object> settings, ServiceRegistry registry) {
		this.settings = settings;
		this.registry = registry;
	}

	synchronized SnowflakeIdGenerator generator() {
		if (this.managed == null) {
			this.managed = SnowflakeGenerators.create(this.settings, connections(this.registry));
			logger.log(System.Logger.Level.INFO, "Snowflake ids from Hibernate settings ({0}): {1}",
					this.managed.assignment().value(), this.managed.generator());
			Object years = this.settings.get(SnowflakeSettings.LIFETIME_WARNING_YEARS);
			String warning = SnowflakeSettings.lifetimeWarning(this.managed.generator().layout(), Instant.now(),
					(years != null) ? SnowflakeSettings.toLong(SnowflakeSettings.LIFETIME_WARNING_YEARS, years) : 10);
			if (warning != null) {
				logger.log(System.Logger.Level.WARNING, warning);
			}
		}
		return this.managed.generator();
	}

	/** The segment-mode generators of this registry, from its {@code snowflake.segment.*} settings. */
	synchronized SegmentIdGenerators segments() {
		if (this.segments == null) {
			ConnectionSource connections = connections(this.registry);
			if (connections == null) {
				throw new IllegalStateException("@SegmentId needs a database: Hibernate has no connection provider");
			}
			this.segments = new SegmentIdGenerators(SegmentSettingsReader.read(this.settings, connections));
		}
		return this.segments;
	}

	/** The generator and what holds its worker id, if it has been built. */
	public synchronized ManagedGenerator managedGenerator() {
		return this.managed;
	}

	@Override
	public synchronized void stop() {
		if (this.segments != null) {
			this.segments.close();
			this.segments = null;
		}
		if (this.managed != null) {
			this.managed.close();
			this.managed = null;
		}
	}

	static ConnectionSource connections(ServiceRegistry registry) {
		ConnectionProvider provider = registry.getService(ConnectionProvider.class);
		if (provider == null) {
			return null;
		}
		return new ConnectionSource() {
			@Override
			public Connection getConnection() throws SQLException {
				return provider.getConnection();
			}

			@Override
			public void release(Connection connection) throws SQLException {
				provider.closeConnection(connection);
			}
		};
	}

	/** Adds the service to every standard service registry. */
	public static final class Contributor implements ServiceContributor {

		@Override
		public void contribute(StandardServiceRegistryBuilder builder) {
			builder.addInitiator(Initiator.INSTANCE);
		}
	}

	enum Initiator implements StandardServiceInitiator<SnowflakeGeneratorService> {

		INSTANCE;

		@Override
		public SnowflakeGeneratorService initiateService(Map<String, Object> configurationValues,
				ServiceRegistryImplementor registry) {
			return new SnowflakeGeneratorService(configurationValues, registry);
		}

		@Override
		public Class<SnowflakeGeneratorService> getServiceInitiated() {
			return SnowflakeGeneratorService.class;
		}
	}
}
