package io.snowflakeid.hibernate.internal.schema;

import java.lang.annotation.Annotation;
import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.logging.Level;
import java.util.logging.Logger;

import io.snowflakeid.SnowflakeLayout;
import io.snowflakeid.SnowflakeSchemaException;
import io.snowflakeid.internal.keys.SnowflakeSettings;
import io.snowflakeid.config.SchemaCheck;
import io.snowflakeid.hibernate.SegmentId;
import io.snowflakeid.hibernate.SnowflakeId;
import io.snowflakeid.hibernate.internal.registry.HibernateLines;
import io.snowflakeid.hibernate.internal.registry.SnowflakeGeneratorLookup;
import io.snowflakeid.internal.config.Settings;
import io.snowflakeid.internal.GeneratorSource;
import io.snowflakeid.internal.jdbc.ColumnCheck;
import io.snowflakeid.internal.jdbc.ColumnCheck.Finding;
import org.hibernate.SessionFactory;
import org.hibernate.SessionFactoryObserver;
import org.hibernate.boot.Metadata;
import org.hibernate.boot.model.naming.Identifier;
import org.hibernate.boot.model.relational.SqlStringGenerationContext;
import org.hibernate.boot.spi.BootstrapContext;
import org.hibernate.engine.config.spi.ConfigurationService;
import org.hibernate.engine.jdbc.connections.spi.JdbcConnectionAccess;
import org.hibernate.engine.spi.SessionFactoryImplementor;
import org.hibernate.integrator.spi.Integrator;
import org.hibernate.mapping.Column;
import org.hibernate.mapping.ForeignKey;
import org.hibernate.mapping.PersistentClass;
import org.hibernate.mapping.Property;
import org.hibernate.mapping.Table;
import org.hibernate.service.spi.SessionFactoryServiceRegistry;

/**
 * Checks at start that every {@code @SnowflakeId}/{@code @SegmentId} column can hold the ids
 * ({@code snowflake.schema-check}: {@code fail}, {@code warn} or {@code off}). Runs once the session factory is
 * built, after Hibernate's own schema management ({@code create}, {@code update}, {@code validate}), so it sees the
 * columns as they are; one JDBC metadata query per column. Found by Hibernate with the ServiceLoader.
 */
public final class SnowflakeSchemaCheck implements Integrator {

	private static final Logger logger = Logger.getLogger("io.snowflakeid.hibernate.SnowflakeSchemaCheck"); // its name before it moved: users' log configuration

	@Override
	public void integrate(Metadata metadata, BootstrapContext bootstrapContext,
			SessionFactoryImplementor sessionFactory) {
		List<Attribute> attributes = attributes(metadata);
		if (!attributes.isEmpty()) {
			sessionFactory.addObserver(new Observer(attributes));
		}
	}

	/** Hibernate 6.6 declares it abstract; 7 has a default. Nothing to undo. */
	@Override
	public void disintegrate(SessionFactoryImplementor sessionFactory, SessionFactoryServiceRegistry registry) {
	}

	/** An annotated attribute and its column, as mapped. */
	record Attribute(String name, Class<? extends Annotation> annotation, boolean textual, Table table,
			Column column) {
	}

	/**
	 * The annotated attributes, each column once (the subclasses of a hierarchy repeat their root's id), then every
	 * column a foreign key points from at one of them (a {@code @ManyToOne}, a joined subclass's key, a collection
	 * table), transitively: a row there carries the same ids, and a narrow one clamps or fails them the same way.
	 */
	static List<Attribute> attributes(Metadata metadata) {
		List<Attribute> attributes = new ArrayList<>();
		annotated(metadata, attributes);
		boolean added = !attributes.isEmpty();
		while (added) {
			added = false;
			for (Table table : metadata.collectTableMappings()) {
				for (ForeignKey foreignKey : HibernateLines.foreignKeys(table)) {
					added |= referencing(foreignKey, attributes);
				}
			}
		}
		return attributes;
	}

	private static boolean referencing(ForeignKey foreignKey, List<Attribute> attributes) {
		Table referencedTable = foreignKey.getReferencedTable();
		if (referencedTable == null) {
			return false;
		}
		List<Column> referenced = foreignKey.getReferencedColumns().isEmpty()
				&& referencedTable.getPrimaryKey() != null ? referencedTable.getPrimaryKey().getColumns()
						: foreignKey.getReferencedColumns();
		List<Column> columns = foreignKey.getColumns();
		boolean added = false;
		for (int i = 0; i < Math.min(columns.size(), referenced.size()); i++) {
			Attribute target = find(attributes, referencedTable, referenced.get(i));
			if (target != null && find(attributes, foreignKey.getTable(), columns.get(i)) == null) {
				String source = target.name().startsWith("foreign key to ") ? target.name()
						: "foreign key to " + target.name();
				attributes.add(new Attribute(source, target.annotation(), target.textual(), foreignKey.getTable(),
						columns.get(i)));
				added = true;
			}
		}
		return added;
	}

	private static Attribute find(List<Attribute> attributes, Table table, Column column) {
		for (Attribute attribute : attributes) {
			if (attribute.table() == table && attribute.column().getName().equals(column.getName())) {
				return attribute;
			}
		}
		return null;
	}

	private static void annotated(Metadata metadata, List<Attribute> attributes) {
		for (PersistentClass entity : metadata.getEntityBindings()) {
			Class<?> type = entity.getMappedClass();
			if (type == null) {
				continue; // a dynamic-map entity has no Java members to annotate
			}
			List<Property> properties = new ArrayList<>();
			if (entity.getIdentifierProperty() != null) {
				properties.add(entity.getIdentifierProperty());
			}
			properties.addAll(entity.getPropertyClosure());
			for (Property property : properties) {
				if (property.getValue().getColumns().size() != 1) {
					continue;
				}
				for (Class<? extends Annotation> annotation : List.of(SnowflakeId.class, SegmentId.class)) {
					Class<?> attributeType = annotatedType(type, property.getName(), annotation);
					Column column = property.getValue().getColumns().get(0);
					if (attributeType != null && find(attributes, property.getValue().getTable(), column) == null) {
						attributes.add(new Attribute(type.getSimpleName() + "." + property.getName(), annotation,
								attributeType == String.class, property.getValue().getTable(), column));
					}
				}
			}
		}
	}

	/** The type of the field or getter that carries the annotation, in the class or a superclass; else null. */
	private static Class<?> annotatedType(Class<?> type, String name, Class<? extends Annotation> annotation) {
		String capitalized = name.substring(0, 1).toUpperCase(Locale.ROOT) + name.substring(1);
		for (Class<?> c = type; c != null && c != Object.class; c = c.getSuperclass()) {
			for (Field field : c.getDeclaredFields()) {
				if (field.getName().equals(name) && field.isAnnotationPresent(annotation)) {
					return field.getType();
				}
			}
			for (Method method : c.getDeclaredMethods()) {
				if (method.getParameterCount() == 0 && method.isAnnotationPresent(annotation)
						&& (method.getName().equals("get" + capitalized) || method.getName().equals("is" + capitalized))) {
					return method.getReturnType();
				}
			}
		}
		return null;
	}

	/** Runs the check when the session factory is ready (after schema management). */
	static final class Observer implements SessionFactoryObserver {

		private static final long serialVersionUID = 1L;

		private final transient List<Attribute> attributes;

		Observer(List<Attribute> attributes) {
			this.attributes = attributes;
		}

		@Override
		public void sessionFactoryCreated(SessionFactory factory) {
			if (SnowflakeGeneratorLookup.isSpringAotProcessing()) {
				// Spring AOT boots Hibernate at build time without the application's database; the processed
				// application checks its columns when it starts.
				logger.fine("Column check skipped while Spring AOT processes the application");
				return;
			}
			SessionFactoryImplementor sessionFactory = (SessionFactoryImplementor) factory;
			ConfigurationService configuration = sessionFactory.getServiceRegistry()
				.getService(ConfigurationService.class);
			SchemaCheck mode = (configuration != null) ? Settings.SCHEMA_CHECK.readOrDefault(configuration.getSettings())
					: Settings.SCHEMA_CHECK.defaultValue();
			if (mode == SchemaCheck.OFF) {
				return;
			}
			if (HibernateLines.isHibernateReactive(factory)) {
				// Hibernate Reactive's session factory refuses JDBC connections (HR000084); in Quarkus a blocking unit
				// beside it, on the same datasource, checks the same tables
				logger.info("The @SnowflakeId/@SegmentId column check does not run on a Hibernate Reactive session"
						+ " factory, which has no JDBC connection to read the columns with (a blocking persistence unit"
						+ " on the same tables, if there is one, checks them): make sure they are 64-bit (BIGINT)");
				return;
			}
			GeneratorSource container = SnowflakeGeneratorLookup.source(sessionFactory.getServiceRegistry());
			if (container != null) {
				// A container (Spring) runs it when and where it can ask for the generator's layout (beside the rest
				// of its start, or once its beans exist) and fails the start if it fails.
				container.startupCheck(() -> checkAndReport(sessionFactory, targets(sessionFactory), mode));
			}
			else {
				checkAndReport(sessionFactory, targets(sessionFactory), mode);
			}
		}

		private void checkAndReport(SessionFactoryImplementor sessionFactory, List<ColumnCheck.Target> targets,
				SchemaCheck mode) {
			long start = System.nanoTime();
			List<Finding> findings = check(sessionFactory, targets);
			if (logger.isLoggable(Level.FINE)) { // what the check adds to a start, for whoever wonders
				logger.log(Level.FINE, "Checked the columns of {0} @SnowflakeId/@SegmentId attributes in {1} ms",
						new Object[] { this.attributes.size(),
								String.format(Locale.ROOT, "%.1f", (System.nanoTime() - start) / 1e6) });
			}
			report(findings, mode);
		}

		private List<ColumnCheck.Target> targets(SessionFactoryImplementor sessionFactory) {
			List<ColumnCheck.Target> targets = new ArrayList<>();
			SnowflakeLayout layout = null; // one generator for every @SnowflakeId: its layout asked once
			for (Attribute attribute : this.attributes) {
				if (layout == null && attribute.annotation() == SnowflakeId.class) {
					layout = SnowflakeGeneratorLookup.layout(sessionFactory.getServiceRegistry(), attribute.name());
				}
				targets.add(target(sessionFactory, attribute, layout));
			}
			return targets;
		}

		private static List<Finding> check(SessionFactoryImplementor sessionFactory, List<ColumnCheck.Target> targets) {
			JdbcConnectionAccess access = sessionFactory.getJdbcServices().getBootstrapJdbcConnectionAccess();
			try {
				Connection connection = access.obtainConnection();
				try {
					return ColumnCheck.check(connection, targets);
				}
				finally {
					access.releaseConnection(connection);
				}
			}
			catch (SQLException ex) {
				// The check guards against a schema that cannot hold the ids; a database that cannot answer it now
				// fails the first insert instead, which the lease or segment code reports on its own.
				logger.log(Level.WARNING, "Could not check the @SnowflakeId/@SegmentId columns ("
						+ SnowflakeSettings.SCHEMA_CHECK + "): " + ex.getMessage(), ex);
				return List.of();
			}
		}

		private static ColumnCheck.Target target(SessionFactoryImplementor sessionFactory, Attribute attribute,
				SnowflakeLayout layout) {
			long largest = Long.MAX_VALUE;
			int width = 19;
			if (attribute.annotation() == SnowflakeId.class) {
				largest = layout.compose(layout.maxTimestamp(), layout.maxDatacenterId(), layout.maxWorkerId(),
						layout.maxSequence());
				width = layout.decimalWidth();
			}
			// hibernate.default_catalog/default_schema qualify the SQL of a table without its own, so the check too.
			Table table = attribute.table();
			SqlStringGenerationContext names = sessionFactory.getSqlStringGenerationContext();
			Identifier catalog = names.catalogWithDefault(table.getCatalogIdentifier());
			Identifier schema = names.schemaWithDefault(table.getSchemaIdentifier());
			return new ColumnCheck.Target(attribute.name(), "@" + attribute.annotation().getSimpleName(),
					attribute.textual(), largest, width, (catalog != null) ? catalog.getText() : null,
					(schema != null) ? schema.getText() : null, table.getName(), attribute.column().getName());
		}

		private static void report(List<Finding> findings, SchemaCheck mode) {
			List<Finding> fatal = new ArrayList<>();
			for (Finding finding : findings) {
				if (finding.fatal() && mode == SchemaCheck.FAIL) {
					fatal.add(finding);
				}
				else {
					logger.warning(finding.message() + ". Fix: " + finding.fix());
				}
			}
			if (!fatal.isEmpty()) {
				StringBuilder message = new StringBuilder("The database cannot hold the ids of "
						+ fatal.size() + " attribute(s) (" + SnowflakeSettings.SCHEMA_CHECK + "=fail):");
				StringBuilder fix = new StringBuilder();
				for (Finding finding : fatal) {
					message.append("\n  - ").append(finding.message());
					fix.append((fix.length() > 0) ? "\n" : "").append(finding.fix());
				}
				message.append("\nFix the columns (then restart), or set ").append(SnowflakeSettings.SCHEMA_CHECK)
					.append("=warn to start anyway:\n  ").append(fix.toString().replace("\n", "\n  "));
				throw new SnowflakeSchemaException(message.toString(), fix.toString());
			}
		}
	}
}
