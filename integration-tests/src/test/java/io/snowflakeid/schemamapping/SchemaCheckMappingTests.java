package io.snowflakeid.schemamapping;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.Map;

import io.snowflakeid.SnowflakeSchemaException;
import io.snowflakeid.hibernate.SnowflakeId;
import io.snowflakeid.it.TestDatabase;
import jakarta.persistence.DiscriminatorValue;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Inheritance;
import jakarta.persistence.InheritanceType;
import jakarta.persistence.JoinColumn;
import jakarta.persistence.ManyToOne;
import jakarta.persistence.Table;
import org.assertj.core.api.ThrowableAssert.ThrowingCallable;
import org.hibernate.SessionFactory;
import org.hibernate.cfg.Configuration;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import org.springframework.jdbc.datasource.DriverManagerDataSource;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

/**
 * The column check over mappings beyond one entity and its own table: schemas, inheritance, foreign keys and a
 * String id on a number column. A column the check does not find or does not look at passes silently, so each test
 * makes the narrow column the one Hibernate really writes to and expects the start to fail. Outside
 * {@code io.snowflakeid.schema} so that package's Spring Boot application does not scan these entities.
 */
class SchemaCheckMappingTests {

	static List<TestDatabase> databases() {
		return TestDatabase.enabled();
	}

	@ParameterizedTest
	@MethodSource("databases")
	void aNarrowColumnInAnExplicitSchemaWrittenInTheOtherCaseFailsTheStart(TestDatabase database) throws Exception {
		if (database == TestDatabase.MARIADB) {
			return; // a MariaDB schema is a database: see aNarrowColumnInAnotherMariaDbDatabaseFailsTheStart
		}
		Db db = new Db(database);
		db.sql("CREATE SCHEMA IF NOT EXISTS rv_sch", "DROP TABLE IF EXISTS rv_sch.rv_sch_thing",
				"CREATE TABLE rv_sch.rv_sch_thing (id INTEGER NOT NULL PRIMARY KEY)");
		try {
			// H2 folds the unquoted rv_sch to RV_SCH, PostgreSQL folds RV_SCH to rv_sch: either way the same schema.
			Class<?> entity = (database == TestDatabase.H2) ? LowerSchemaThing.class : UpperSchemaThing.class;
			assertThat(db.insertWithoutCheck(Map.of(), entity)).as("Hibernate writes to the narrow column").isNotNull();
			SnowflakeSchemaException failure = schemaFailure(() -> db.startAndClose(Map.of(), entity));
			assertThat(failure.getMessage()).containsIgnoringCase("rv_sch_thing.id").contains("holds at most 2147483647");
		}
		finally {
			db.sql("DROP TABLE IF EXISTS rv_sch.rv_sch_thing", "DROP SCHEMA IF EXISTS rv_sch");
		}
	}

	@ParameterizedTest
	@MethodSource("databases")
	void aNarrowColumnInHibernatesDefaultSchemaFailsTheStart(TestDatabase database) throws Exception {
		if (database == TestDatabase.MARIADB) {
			return;
		}
		Db db = new Db(database);
		db.sql("CREATE SCHEMA IF NOT EXISTS rv_dsch", "DROP TABLE IF EXISTS rv_dsch.rv_dsch_thing",
				"CREATE TABLE rv_dsch.rv_dsch_thing (id INTEGER NOT NULL PRIMARY KEY)");
		try {
			String schema = (database == TestDatabase.H2) ? "RV_DSCH" : "rv_dsch";
			assertThat(db.insertWithoutCheck(Map.of("hibernate.default_schema", schema), DefaultSchemaThing.class))
				.as("Hibernate writes to the narrow column").isNotNull();
			SnowflakeSchemaException failure = schemaFailure(
					() -> db.startAndClose(Map.of("hibernate.default_schema", schema), DefaultSchemaThing.class));
			assertThat(failure.getMessage()).containsIgnoringCase("rv_dsch_thing.id");
		}
		finally {
			db.sql("DROP TABLE IF EXISTS rv_dsch.rv_dsch_thing", "DROP SCHEMA IF EXISTS rv_dsch");
		}
	}

	@ParameterizedTest
	@MethodSource("databases")
	void aNarrowColumnFoundThroughThePostgresSearchPathFailsTheStart(TestDatabase database) throws Exception {
		if (database != TestDatabase.POSTGRESQL) {
			return; // search_path is PostgreSQL's
		}
		Db db = new Db(database, database.url() + "?currentSchema=rv_sp_first,public");
		db.sql("DROP TABLE IF EXISTS public.rv_sp_thing", "CREATE SCHEMA IF NOT EXISTS rv_sp_first",
				"CREATE TABLE public.rv_sp_thing (id INTEGER NOT NULL PRIMARY KEY)");
		try {
			// Hibernate's unqualified INSERT goes to public.rv_sp_thing, the first table of that name on the path.
			assertThat(db.insertWithoutCheck(Map.of(), SearchPathThing.class))
				.as("Hibernate writes to the narrow column").isNotNull();
			SnowflakeSchemaException failure = schemaFailure(() -> db.startAndClose(Map.of(), SearchPathThing.class));
			assertThat(failure.getMessage()).contains("rv_sp_thing.id").contains("holds at most 2147483647");
		}
		finally {
			db.sql("DROP TABLE IF EXISTS public.rv_sp_thing", "DROP SCHEMA IF EXISTS rv_sp_first");
		}
	}

	@ParameterizedTest
	@MethodSource("databases")
	void aNarrowColumnInAnotherMariaDbDatabaseFailsTheStart(TestDatabase database) throws Exception {
		if (database != TestDatabase.MARIADB) {
			return;
		}
		Db db = new Db(database);
		// The connection's own database has a wide table of the same name: the check must not look at that one.
		db.sql("DROP TABLE IF EXISTS rv_sch_thing", "CREATE TABLE rv_sch_thing (id BIGINT NOT NULL PRIMARY KEY)",
				"CREATE DATABASE IF NOT EXISTS rv_sch", "DROP TABLE IF EXISTS rv_sch.rv_sch_thing",
				"CREATE TABLE rv_sch.rv_sch_thing (id INTEGER NOT NULL PRIMARY KEY)");
		try {
			assertThat(db.insertWithoutCheck(Map.of(), CatalogThing.class))
				.as("Hibernate writes to the narrow column").isNotNull();
			SnowflakeSchemaException failure = schemaFailure(() -> db.startAndClose(Map.of(), CatalogThing.class));
			assertThat(failure.getMessage()).contains("rv_sch_thing.id").contains("holds at most 2147483647");
		}
		finally {
			db.sql("DROP TABLE IF EXISTS rv_sch_thing", "DROP DATABASE IF EXISTS rv_sch");
		}
	}

	@ParameterizedTest
	@MethodSource("databases")
	void aNarrowForeignKeyColumnPointingAtSnowflakeIdsFailsTheStart(TestDatabase database) throws Exception {
		Db db = new Db(database);
		// The README's migration table: widen the id "and every foreign-key column pointing at it". One was missed.
		db.sql("DROP TABLE IF EXISTS rv_fk_line", "DROP TABLE IF EXISTS rv_fk_order",
				"CREATE TABLE rv_fk_order (id BIGINT NOT NULL PRIMARY KEY)",
				"CREATE TABLE rv_fk_line (id BIGINT NOT NULL PRIMARY KEY, order_id INTEGER NOT NULL)");
		try {
			assertThat(db.insertWithoutCheck(Map.of(), FkOrder.class, FkLine.class))
				.as("Hibernate writes to the narrow column").isNotNull();
			SnowflakeSchemaException failure = schemaFailure(
					() -> db.startAndClose(Map.of(), FkOrder.class, FkLine.class));
			assertThat(failure.getMessage()).contains("rv_fk_line.order_id").contains("holds at most 2147483647");
		}
		finally {
			db.sql("DROP TABLE IF EXISTS rv_fk_line", "DROP TABLE IF EXISTS rv_fk_order");
		}
	}

	@ParameterizedTest
	@MethodSource("databases")
	void aNarrowJoinedSubclassKeyColumnFailsTheStart(TestDatabase database) throws Exception {
		Db db = new Db(database);
		db.sql("DROP TABLE IF EXISTS rv_jn_child", "DROP TABLE IF EXISTS rv_jn_base",
				"CREATE TABLE rv_jn_base (id BIGINT NOT NULL PRIMARY KEY)",
				"CREATE TABLE rv_jn_child (id INTEGER NOT NULL PRIMARY KEY)");
		try {
			assertThat(db.insertWithoutCheck(Map.of(), JoinedBase.class, JoinedChild.class))
				.as("Hibernate writes to the narrow column").isNotNull();
			SnowflakeSchemaException failure = schemaFailure(
					() -> db.startAndClose(Map.of(), JoinedBase.class, JoinedChild.class));
			assertThat(failure.getMessage()).contains("rv_jn_child.id").contains("holds at most 2147483647");
		}
		finally {
			db.sql("DROP TABLE IF EXISTS rv_jn_child", "DROP TABLE IF EXISTS rv_jn_base");
		}
	}

	@ParameterizedTest
	@MethodSource("databases")
	void aSingleTableHierarchyReportsItsNarrowColumnOnce(TestDatabase database) throws Exception {
		Db db = new Db(database);
		db.sql("DROP TABLE IF EXISTS rv_st_thing",
				"CREATE TABLE rv_st_thing (id INTEGER NOT NULL PRIMARY KEY, dtype VARCHAR(31) NOT NULL)");
		try {
			SnowflakeSchemaException failure = schemaFailure(
					() -> db.startAndClose(Map.of(), SingleBase.class, SingleA.class, SingleB.class));
			assertThat(failure.getMessage()).contains("1 attribute(s)");
			assertThat(failure.getFix().lines()).hasSize(1);
		}
		finally {
			db.sql("DROP TABLE IF EXISTS rv_st_thing");
		}
	}

	@ParameterizedTest
	@MethodSource("databases")
	void aStringIdOnAThirtyTwoBitColumnFailsTheStart(TestDatabase database) throws Exception {
		Db db = new Db(database);
		db.sql("DROP TABLE IF EXISTS rv_txt_int", "CREATE TABLE rv_txt_int (id INTEGER NOT NULL PRIMARY KEY)");
		try {
			SnowflakeSchemaException failure = schemaFailure(() -> db.startAndClose(Map.of(), TextOnInt.class));
			assertThat(failure.getMessage()).contains("TextOnInt.id (@SnowflakeId)")
				.contains("holds at most 2147483647");
		}
		finally {
			db.sql("DROP TABLE IF EXISTS rv_txt_int");
		}
	}

	private static SnowflakeSchemaException schemaFailure(ThrowingCallable start) {
		Throwable failure = catchThrowable(start);
		for (Throwable cause = failure; cause != null; cause = cause.getCause()) {
			if (cause instanceof SnowflakeSchemaException schema) {
				return schema;
			}
		}
		throw new AssertionError("expected a SnowflakeSchemaException, got " + failure, failure);
	}

	/** Plain JDBC for the schema, Hibernate ({@code hbm2ddl none}) on top. */
	record Db(TestDatabase database, String url) {

		Db(TestDatabase database) {
			this(database, database.url());
		}

		void sql(String... statements) throws SQLException {
			try (Connection connection = this.database.connect(this.url);
					Statement statement = connection.createStatement()) {
				for (String sql : statements) {
					statement.execute(sql);
				}
			}
		}

		void startAndClose(Map<String, String> settings, Class<?>... entities) {
			start(settings, entities).close();
		}

		/**
		 * With the check off, persists one new instance of the last entity class (after one of each other class,
		 * each referencing the one before): the failure of that insert (the column is too narrow), or null.
		 */
		Throwable insertWithoutCheck(Map<String, String> settings, Class<?>... entities) {
			Map<String, String> off = new java.util.HashMap<>(settings);
			off.put("snowflake.schema-check", "off");
			try (SessionFactory factory = start(off, entities)) {
				return catchThrowable(() -> factory.inTransaction((session) -> {
					Object previous = null;
					for (Class<?> entity : entities) {
						if (entity == JoinedBase.class) {
							continue;
						}
						Object row = newInstance(entity);
						if (row instanceof FkLine line) {
							line.order = (FkOrder) previous;
						}
						session.persist(row);
						previous = row;
					}
					session.flush();
				}));
			}
		}

		private static Object newInstance(Class<?> entity) {
			try {
				return entity.getDeclaredConstructor().newInstance();
			}
			catch (ReflectiveOperationException ex) {
				throw new IllegalStateException(ex);
			}
		}

		SessionFactory start(Map<String, String> settings, Class<?>... entities) {
			Configuration configuration = new Configuration();
			for (Class<?> entity : entities) {
				configuration.addAnnotatedClass(entity);
			}
			configuration.getProperties()
				.put("hibernate.connection.datasource",
						new DriverManagerDataSource(this.url, this.database.username(), this.database.password()));
			configuration.setProperty("hibernate.hbm2ddl.auto", "none")
				.setProperty("snowflake.datacenter-id", "3")
				.setProperty("snowflake.worker-id", "11");
			settings.forEach(configuration::setProperty);
			return configuration.buildSessionFactory();
		}
	}

	@Entity
	@Table(name = "rv_sch_thing", schema = "rv_sch")
	public static class LowerSchemaThing {

		@Id
		@SnowflakeId
		Long id;
	}

	@Entity
	@Table(name = "rv_sch_thing", schema = "RV_SCH")
	public static class UpperSchemaThing {

		@Id
		@SnowflakeId
		Long id;
	}

	/** MariaDB: a database is a catalog (Hibernate drops a schema= there and writes to the connection's). */
	@Entity
	@Table(name = "rv_sch_thing", catalog = "rv_sch")
	public static class CatalogThing {

		@Id
		@SnowflakeId
		Long id;
	}

	@Entity
	@Table(name = "rv_dsch_thing")
	public static class DefaultSchemaThing {

		@Id
		@SnowflakeId
		Long id;
	}

	@Entity
	@Table(name = "rv_sp_thing")
	public static class SearchPathThing {

		@Id
		@SnowflakeId
		Long id;
	}

	@Entity
	@Table(name = "rv_fk_order")
	public static class FkOrder {

		@Id
		@SnowflakeId
		Long id;
	}

	@Entity
	@Table(name = "rv_fk_line")
	public static class FkLine {

		@Id
		@SnowflakeId
		Long id;

		@ManyToOne(optional = false)
		@JoinColumn(name = "order_id")
		FkOrder order;
	}

	@Entity
	@Table(name = "rv_jn_base")
	@Inheritance(strategy = InheritanceType.JOINED)
	public static class JoinedBase {

		@Id
		@SnowflakeId
		Long id;
	}

	@Entity
	@Table(name = "rv_jn_child")
	public static class JoinedChild extends JoinedBase {
	}

	@Entity
	@Table(name = "rv_st_thing")
	@Inheritance(strategy = InheritanceType.SINGLE_TABLE)
	public static class SingleBase {

		@Id
		@SnowflakeId
		Long id;
	}

	@Entity
	@DiscriminatorValue("A")
	public static class SingleA extends SingleBase {
	}

	@Entity
	@DiscriminatorValue("B")
	public static class SingleB extends SingleBase {
	}

	@Entity
	@Table(name = "rv_txt_int")
	public static class TextOnInt {

		@Id
		@SnowflakeId
		String id;
	}
}
