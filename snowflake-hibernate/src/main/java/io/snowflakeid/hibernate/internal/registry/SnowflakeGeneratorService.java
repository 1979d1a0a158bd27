package io.snowflakeid.hibernate.internal.registry;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.Map;

import io.snowflakeid.SnowflakeIdGenerator;
import io.snowflakeid.internal.config.SnowflakeConfiguration;
import io.snowflakeid.internal.CoordinationStores;
import io.snowflakeid.internal.ManagedGenerator;
import io.snowflakeid.internal.SnowflakeGenerators;
import io.snowflakeid.segment.SegmentIdGenerators;
import io.snowflakeid.spi.LeaseStore;
import io.snowflakeid.worker.ConnectionSource;
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
 * through {@link Contributor}, found by Hibernate with the ServiceLoader. Internal: Hibernate loads it by name, the
 * generators of {@code io.snowflakeid.hibernate} look it up; applications never name it.
 */
public final class SnowflakeGeneratorService implements Service, Stoppable {

	private static final long serialVersionUID = 1L;

	private final transient Map<String, Object> settings;

	private final transient ServiceRegistry registry;

	private transient SnowflakeConfiguration configuration;

	private transient ManagedGenerator managed;

	private transient SegmentIdGenerators segments;

	/** The coordination service's lease store this registry opened (ZooKeeper, Redis), or null. */
	private transient LeaseStore coordination;

	SnowflakeGeneratorService(Map<String, Object> settings, ServiceRegistry registry) {
		this.settings = settings;
		this.registry = registry;
		JBossLoggingRoute.installUnlessRouted();
	}

	/** The registry's generator, built on first use (a worker lease claimed then, when it has one). */
	public synchronized SnowflakeIdGenerator generator() {
		if (this.managed == null) {
			SnowflakeConfiguration configuration = configuration();
			if (configuration.workerAssignment().isCoordinationService() && configuration.workerId() == null) {
				// snowflake-zookeeper or snowflake-redis, found on the class path; the store owns its client
				this.coordination = CoordinationStores.fromSettings(configuration.workerAssignment(), this.settings);
			}
			try {
				this.managed = SnowflakeGenerators.create(configuration, connections(this.registry), this.coordination);
			}
			catch (RuntimeException | Error ex) {
				closeCoordination();
				throw ex;
			}
			SnowflakeGenerators.logStart(this.managed, configuration().lifetimeWarningYears());
		}
		return this.managed.generator();
	}

	/** The segment-mode generators of this registry, from its {@code snowflake.segment.*} settings. */
	public synchronized SegmentIdGenerators segments() {
		if (this.segments == null) {
			ConnectionSource connections = connections(this.registry);
			if (connections == null) {
				throw new IllegalStateException("@SegmentId needs a database: Hibernate has no connection provider");
			}
			this.segments = SnowflakeGenerators.segments(configuration(), connections);
		}
		return this.segments;
	}

	/** The registry's {@code snowflake.*} settings, read and checked once. */
	private SnowflakeConfiguration configuration() {
		if (this.configuration == null) {
			this.configuration = SnowflakeConfiguration.fromSettings(this.settings);
		}
		return this.configuration;
	}

	/** The generator and what holds its worker id, if it has been built. */
	public synchronized ManagedGenerator managedGenerator() {
		return this.managed;
	}

	private void closeCoordination() {
		if (this.coordination instanceof AutoCloseable closeable) {
			try {
				closeable.close();
			}
			catch (Exception ex) {
				System.getLogger(SnowflakeGeneratorService.class.getName()).log(System.Logger.Level.WARNING,
						"Closing the client of " + this.coordination.description() + " failed", ex);
			}
		}
		this.coordination = null;
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
		closeCoordination();
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
