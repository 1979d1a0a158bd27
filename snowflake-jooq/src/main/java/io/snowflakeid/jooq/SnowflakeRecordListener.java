package io.snowflakeid.jooq;

import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Supplier;
import java.util.stream.Collectors;

import io.snowflakeid.AssignedIdRefusedException;
import io.snowflakeid.SnowflakeConfigurationException;
import io.snowflakeid.SnowflakeIdGenerator;
import io.snowflakeid.SnowflakeLayout;
import io.snowflakeid.SnowflakeSchemaException;
import io.snowflakeid.internal.keys.SnowflakeSettings;
import io.snowflakeid.config.SchemaCheck;
import io.snowflakeid.hibernate.SegmentId;
import io.snowflakeid.hibernate.SnowflakeId;
import io.snowflakeid.internal.jdbc.ColumnCheck;
import io.snowflakeid.internal.logging.Logging;
import org.jooq.Configuration;
import org.jooq.DSLContext;
import org.jooq.ExecuteContext;
import org.jooq.ExecuteListener;
import org.jooq.ExecuteListenerProvider;
import org.jooq.Param;
import org.jooq.Query;
import org.jooq.Record;
import org.jooq.RecordContext;
import org.jooq.RecordListener;
import org.jooq.RecordListenerProvider;
import org.jooq.Row;
import org.jooq.Table;
import org.jooq.TableField;
import org.jooq.TableRecord;
import org.jooq.impl.QOM;
import org.jooq.tools.StringUtils;

/**
 * Gives jOOQ records snowflake ids before they are inserted: a {@link RecordListener} that, when an
 * {@link org.jooq.UpdatableRecord UpdatableRecord} or {@link TableRecord} is inserted ({@code store()} of a new
 * record, {@code insert()}, {@code merge()}, {@code DSLContext.batchStore/batchInsert}, and a {@link org.jooq.DAO
 * DAO}'s {@code insert(pojo)}, which inserts through records), sets every configured column that is still
 * {@code null} (or a {@code Long} {@code 0}, as in a primitive {@code long}) to the next id of the application's
 * {@link SnowflakeIdGenerator}. A value the application set is kept if it cannot meet a generated id, as the
 * Hibernate binding keeps it: positive and not ahead of the clock, else the insert fails with an
 * {@link AssignedIdRefusedException} naming {@code table.column} (a text value that is not a number is kept). The
 * ids exist before the INSERT, so no generated key is read back and batches stay batches.
 *
 * <pre>
 * SnowflakeRecordListener ids = SnowflakeRecordListener.builder(generator)
 *         .column(BOOK.ID)                     // generated code
 *         .columns("author.id", "audit.event_id") // or by name: table.column, schema.table.column
 *         .pojo(Review.class, REVIEW)          // the &#64;SnowflakeId members of a POJO, by jOOQ's name mapping
 *         .build();
 * DSLContext dsl = DSL.using(dataSource, SQLDialect.POSTGRES);
 * ids.appendTo(dsl.configuration());           // the listener and its insert guard
 * </pre>
 *
 * Columns of Java type {@code Long} (BIGINT) get the id; columns of type {@code String} get its fixed-width decimal
 * form ({@link SnowflakeIdGenerator#nextIdAsString()}). Anything else is refused with an exception naming the
 * table, the column, its type and where it was configured, as is a named column that the inserted table does not
 * have. {@link #checkColumns(DSLContext, SchemaCheck)} checks every configured column against the database (it
 * exists, and holds 64-bit values) before the first insert.
 * <p>
 * Not seen by any record listener: inserts that build no record ({@code dsl.insertInto(BOOK).values(...)},
 * {@code set(...)}, also {@code set(record)}, INSERT ... SELECT, {@code DSLContext.executeInsert(record)}, which
 * copies the record into an InsertQuery, and the Loader API). Give those the id in the statement:
 * {@code dsl.insertInto(BOOK, BOOK.ID, BOOK.TITLE).values(generator.nextId(), "Dune")}; the
 * {@link #insertGuard() insert guard} refuses those that leave a configured column out (or set it to NULL).
 * <p>
 * Why a module of its own over {@code snowflake-core} and {@code snowflake-hibernate}: plain jOOQ applications (most
 * jOOQ applications have no Spring) get it without the Spring Boot starter, which registers it for Spring Boot's
 * jOOQ auto-configuration. {@code snowflake-hibernate} only for the {@code @SnowflakeId} annotation, which loads
 * without Hibernate (its Hibernate dependency is {@code provided}). jOOQ itself is {@code provided}: the
 * application's own, 3.19 or later.
 * <p>
 * Thread-safe; what each table needs is worked out on its first insert and cached.
 */
public final class SnowflakeRecordListener implements RecordListener {

	/**
	 * The setting that names the columns as text, also the Spring Boot property: {@value}, a comma-separated list of
	 * {@code table.column} or {@code schema.table.column}.
	 */
	public static final String COLUMNS = "snowflake.jooq.columns";

	private static final System.Logger logger = Logging.getLogger(SnowflakeRecordListener.class);

	private static final Target[] NONE = new Target[0];

	private final Supplier<? extends SnowflakeIdGenerator> ids;

	private final List<Rule> rules;

	/** By the table's qualified name: generated tables are singletons, but a table may be built again by name. */
	private final Map<String, Target[]> targets = new ConcurrentHashMap<>();

	private final Map<Class<?>, List<Member>> members = new ConcurrentHashMap<>();

	private final InsertGuard guard = new InsertGuard();

	private SnowflakeRecordListener(Builder builder) {
		this.ids = builder.ids;
		this.rules = List.copyOf(builder.rules);
	}

	/** A listener drawing from {@code ids}. */
	public static Builder builder(SnowflakeIdGenerator ids) {
		Objects.requireNonNull(ids, "ids");
		return new Builder(() -> ids);
	}

	/**
	 * A listener drawing from the generator {@code ids} supplies on first use (a framework's bean, looked up lazily);
	 * a {@code null} from it fails the insert that needed an id.
	 */
	public static Builder builder(Supplier<? extends SnowflakeIdGenerator> ids) {
		return new Builder(Objects.requireNonNull(ids, "ids"));
	}

	@Override
	public void insertStart(RecordContext ctx) {
		fill(ctx);
	}

	/** {@code UpdatableRecord.merge()}: an upsert by primary key; a record without its id can only be inserted. */
	@Override
	public void mergeStart(RecordContext ctx) {
		fill(ctx);
	}

	/**
	 * An {@link ExecuteListener} to register next to this listener (as {@link #appendTo(Configuration)} does): it
	 * refuses, before anything is sent, an INSERT into a table of this listener's that leaves a configured column out
	 * or sets it to a NULL value, naming the column and the ways that give it an id. Those are the inserts no record
	 * listener sees ({@code DSLContext.executeInsert(record)}, {@code insertInto(T).set(record)}, the Loader API, DSL
	 * inserts): without it, such a row fails on a NOT NULL column, or gets whatever the database puts there (an
	 * identity or AUTO_INCREMENT left on the column, which the column check only warns about, or NULL).
	 * <p>
	 * Why refuse rather than fill them: filling means adding a column and a value to a query object the application
	 * built, and may keep and execute again ({@code Insert} objects are reusable), so a second execution would send
	 * the first one's id again; a multi-row insert or INSERT ... SELECT has no single place for it. Adding ids
	 * while rendering instead (a VisitListener) would have to give the render and the bind passes the same fresh id
	 * per execution. Neither is simple enough to be safe, and the statement is the application's: it gets the id
	 * in the statement ({@code values(generator.nextId(), ...)}), or inserts the record ({@code record.insert()}).
	 * Inserts that list every column implicitly (INSERT ... SELECT without a column list) and plain SQL strings are
	 * not checked.
	 */
	public ExecuteListener insertGuard() {
		return this.guard;
	}

	/**
	 * Appends this listener and its {@link #insertGuard()} to {@code configuration}, each unless it is there already.
	 *
	 * @return {@code configuration}
	 */
	public Configuration appendTo(Configuration configuration) {
		Objects.requireNonNull(configuration, "configuration");
		boolean listening = false;
		for (RecordListenerProvider provider : configuration.recordListenerProviders()) {
			listening |= provider.provide() == this;
		}
		if (!listening) {
			configuration.setAppending(this);
		}
		boolean guarded = false;
		for (ExecuteListenerProvider provider : configuration.executeListenerProviders()) {
			guarded |= provider.provide() == this.guard;
		}
		if (!guarded) {
			configuration.setAppending(this.guard);
		}
		return configuration;
	}

	/** The columns this listener fills, as configured: for logs and the start-up report. */
	public List<String> columns() {
		return this.rules.stream().map(Rule::describe).toList();
	}

	private void fill(RecordContext ctx) {
		Record record = ctx.record();
		if (record != null) {
			fill(record);
		}
		else if (ctx.batchRecords() != null) {
			for (Record each : ctx.batchRecords()) {
				fill(each);
			}
		}
	}

	@SuppressWarnings("unchecked")
	private void fill(Record record) {
		if (this.rules.isEmpty() || !(record instanceof TableRecord<?> tableRecord)) {
			return;
		}
		Table<?> table = tableRecord.getTable();
		Target[] found = this.targets.computeIfAbsent(table.getQualifiedName().toString(), (name) -> resolve(table));
		for (Target target : found) {
			Object current = record.get(target.field);
			SnowflakeIdGenerator generator = generator(target.rule);
			if (unset(current)) {
				Object id = target.text ? generator.nextIdAsString() : (Object) generator.nextId();
				record.set((org.jooq.Field<Object>) target.field, id);
			}
			else {
				checkAssigned(generator, table.getName() + "." + target.field.getName(), current);
			}
		}
	}

	/**
	 * Not set: {@code null}, or a {@code Long} {@code 0} (as in a primitive {@code long}: the Hibernate binding and a
	 * POJO's {@code long} field treat {@code 0} alike, and a snowflake id is never {@code 0}).
	 */
	static boolean unset(Object value) {
		return value == null || (value instanceof Long number && number == 0L);
	}

	/**
	 * An id the application set, kept if it cannot meet a generated one, as the Hibernate binding does
	 * ({@link AssignedIdRefusedException#check}: not negative, not ahead of the clock). A String that is not a
	 * decimal number is kept (a legacy key of a text column).
	 */
	static void checkAssigned(SnowflakeIdGenerator generator, String target, Object value) {
		AssignedIdRefusedException.checkValue(generator, target, value, System.currentTimeMillis());
	}

	/** What the rules say about one table: its fields to fill, each checked once. */
	private Target[] resolve(Table<?> table) {
		List<Target> found = new ArrayList<>();
		for (Rule rule : this.rules) {
			if (!rule.matches(table)) {
				continue;
			}
			org.jooq.Field<?> field = rule.field(table);
			if (found.stream().noneMatch((target) -> target.field.equals(field))) {
				found.add(new Target(field, rule, textual(rule, table, field)));
			}
		}
		return found.isEmpty() ? NONE : found.toArray(Target[]::new);
	}

	private boolean textual(Rule rule, Table<?> table, org.jooq.Field<?> field) {
		Class<?> type = field.getType();
		if (type == Long.class) {
			return false;
		}
		String where = table.getName() + "." + field.getName();
		String actual = "column " + where + " is " + field.getDataType().getTypeName().toUpperCase(Locale.ROOT)
				+ " (Java type " + type.getName() + ")";
		if (type == String.class) {
			int width = generator(rule).layout().decimalWidth();
			if (field.getDataType().hasLength() && field.getDataType().length() > 0
					&& field.getDataType().length() < width) {
				throw rule.refused("a BIGINT column (Java type Long), or a text column of at least " + width
						+ " characters (the ids' fixed-width decimal form)",
						actual + " of length " + field.getDataType().length());
			}
			return true;
		}
		throw rule.refused("a BIGINT column (Java type Long), or a text column (String) for the decimal form",
				actual + ", which cannot hold a 64-bit id");
	}

	private SnowflakeIdGenerator generator(Rule rule) {
		SnowflakeIdGenerator generator = this.ids.get();
		if (generator == null) {
			throw new IllegalStateException("Snowflake ids for " + rule.describe() + " need a SnowflakeIdGenerator, "
					+ "but none was supplied (in Spring Boot: the application context has no SnowflakeIdGenerator "
					+ "bean; is SnowflakeAutoConfiguration excluded?)");
		}
		return generator;
	}

	/**
	 * Sets every {@link SnowflakeId @SnowflakeId} field of {@code pojo} that is {@code null} or a {@code 0} of a
	 * {@code long} or {@code Long} to a new id, and returns it: for {@code dsl.newRecord(BOOK, ids.fill(book))} or
	 * {@code dao.insert(ids.fill(book))} when the POJO should know its id before the insert (a DAO copies the
	 * inserted record back into the POJO anyway, unless {@code Settings.returnRecordToPojo} is off). Fields of the
	 * class and its superclasses, of type {@code Long}, {@code long} or {@code String}; values set are kept, if
	 * positive and not ahead of the clock.
	 *
	 * @throws AssignedIdRefusedException for a value set that is negative or ahead of the clock
	 * @throws IllegalArgumentException for an annotated field of another type, a {@code final} one or a Java record
	 * (immutable: pass the id to its constructor), an annotated method, or {@code @SegmentId} (not supported here)
	 */
	public <P> P fill(P pojo) {
		Objects.requireNonNull(pojo, "pojo");
		for (Member member : this.members.computeIfAbsent(pojo.getClass(), SnowflakeRecordListener::members)) {
			member.fill(pojo, this);
		}
		return pojo;
	}

	/** The {@code @SnowflakeId} fields of a POJO class, checked. */
	static List<Member> members(Class<?> type) {
		List<Member> found = new ArrayList<>();
		for (Class<?> c = type; c != null && c != Object.class; c = c.getSuperclass()) {
			for (Method method : c.getDeclaredMethods()) {
				if (method.isAnnotationPresent(SnowflakeId.class) && !type.isRecord()) {
					throw new IllegalArgumentException("@SnowflakeId on method " + c.getSimpleName() + "."
							+ method.getName() + "(): with jOOQ, annotate the field (jOOQ maps POJOs by field)");
				}
			}
			for (Field field : c.getDeclaredFields()) {
				String name = c.getSimpleName() + "." + field.getName();
				if (field.isAnnotationPresent(SegmentId.class)) {
					throw new IllegalArgumentException("@SegmentId on " + name + ": not supported with jOOQ; take the "
							+ "value from SegmentIdGenerators yourself, or use @SnowflakeId");
				}
				if (!field.isAnnotationPresent(SnowflakeId.class)) {
					continue;
				}
				Class<?> fieldType = field.getType();
				if (fieldType != Long.class && fieldType != long.class && fieldType != String.class) {
					throw new IllegalArgumentException("@SnowflakeId on " + name + " of type " + fieldType.getName()
							+ ": supported field types are Long, long and String (decimal)");
				}
				found.add(new Member(field, name));
			}
		}
		return List.copyOf(found);
	}

	/**
	 * Checks every configured column against the database through {@code dsl}'s connection: that it exists (an
	 * unqualified table where the database resolves unqualified names, e.g. PostgreSQL's search_path) and can hold
	 * the ids (not a 32-bit or too-short text column, not {@code GENERATED ALWAYS AS IDENTITY}; an
	 * {@code AUTO_INCREMENT} left on the column is always only a warning). One JDBC metadata query per column.
	 *
	 * @param mode {@link SchemaCheck#FAIL}: throw (a missing column first, else every column that cannot hold the
	 * ids in one exception); {@link SchemaCheck#WARN}: log them;
	 * {@link SchemaCheck#OFF}: do nothing
	 * @throws SnowflakeConfigurationException for a configured column the database does not have, naming where it
	 * was configured
	 * @throws SnowflakeSchemaException for a column that cannot hold the ids, with the statement that fixes it
	 */
	public void checkColumns(DSLContext dsl, SchemaCheck mode) {
		if (mode == SchemaCheck.OFF || this.rules.isEmpty()) {
			return;
		}
		SnowflakeLayout layout = generator(this.rules.get(0)).layout();
		long largest = layout.compose(layout.maxTimestamp(), layout.maxDatacenterId(), layout.maxWorkerId(),
				layout.maxSequence());
		List<ColumnCheck.Target> columnTargets = new ArrayList<>();
		for (Rule rule : this.rules) {
			columnTargets.add(new ColumnCheck.Target(rule.describe(), "snowflake ids", rule.textual, largest,
					layout.decimalWidth(), null, rule.schema, rule.table, rule.column));
		}
		List<ColumnCheck.Target> missing = new ArrayList<>();
		List<ColumnCheck.Finding> findings = new ArrayList<>();
		dsl.connection((connection) -> {
			try {
				missing.addAll(ColumnCheck.missing(connection, columnTargets));
				findings.addAll(ColumnCheck.check(connection, columnTargets));
			}
			catch (SQLException ex) {
				logger.log(System.Logger.Level.WARNING, "Could not check the snowflake id columns of jOOQ ("
						+ String.join(", ", columns()) + "): " + ex.getMessage(), ex);
			}
		});
		for (ColumnCheck.Target target : missing) {
			Rule rule = this.rules.get(columnTargets.indexOf(target));
			SnowflakeConfigurationException problem = rule.refused("a column of a table in the database",
					"the database has no column " + target.column() + " in a table " + target.table()
							+ ((target.schema() != null) ? " of schema " + target.schema()
									: " where it resolves unqualified names (qualify it: schema.table.column)"));
			if (mode == SchemaCheck.FAIL) {
				throw problem;
			}
			logger.log(System.Logger.Level.WARNING, problem.getMessage());
		}
		StringBuilder message = new StringBuilder();
		StringBuilder fix = new StringBuilder();
		int fatal = 0;
		for (ColumnCheck.Finding finding : findings) {
			if (finding.fatal() && mode == SchemaCheck.FAIL) {
				fatal++;
				message.append("\n  - ").append(finding.message());
				fix.append((fix.length() > 0) ? "\n" : "").append(finding.fix());
			}
			else {
				logger.log(System.Logger.Level.WARNING, finding.message() + ". Fix: " + finding.fix());
			}
		}
		if (fatal > 0) {
			// as the Hibernate binding's column check words it (and the starter's failure analyzer reads it)
			throw new SnowflakeSchemaException("The database cannot hold the ids of " + fatal + " jOOQ column(s) ("
					+ SnowflakeSettings.SCHEMA_CHECK + "=fail):" + message + "\nFix the columns (then restart), or "
					+ "set " + SnowflakeSettings.SCHEMA_CHECK + "=warn to start anyway:\n  "
					+ fix.toString().replace("\n", "\n  "), fix.toString());
		}
	}

	@Override
	public String toString() {
		return "SnowflakeRecordListener" + columns();
	}

	/** Refuses an INSERT into a configured table that leaves a configured column out or NULL. */
	private void checkInsert(Query query) {
		if (this.rules.isEmpty() || !(query instanceof QOM.Insert<?> insert) || insert.$into() == null) {
			return;
		}
		Table<?> table = insert.$into();
		List<? extends org.jooq.Field<?>> columns = insert.$columns();
		if (columns.isEmpty() && insert.$select() != null) {
			return; // INSERT ... SELECT into every column
		}
		for (Rule rule : this.rules) {
			if (!rule.matches(table)) {
				continue;
			}
			int index = -1;
			for (int i = 0; i < columns.size(); i++) {
				if (sameName(rule.column, columns.get(i).getName())) {
					index = i;
					break;
				}
			}
			if (index < 0) {
				throw refusedInsert(rule, table, "leaves column " + rule.column + " out");
			}
			for (Row row : (insert.$select() != null) ? List.<Row>of() : insert.$values()) {
				if (index < row.size() && row.field(index) instanceof Param<?> param && param.getValue() == null) {
					throw refusedInsert(rule, table, "sets column " + rule.column + " to NULL");
				}
			}
		}
	}

	private static IllegalStateException refusedInsert(Rule rule, Table<?> table, String what) {
		return new IllegalStateException("Refusing an INSERT into " + table.getName() + " that " + what + ", which "
				+ "gets snowflake ids (" + rule.describe() + "): jOOQ gives ids to the records it inserts (store(), "
				+ "insert(), merge(), batchStore/batchInsert, a DAO's insert), but DSLContext.executeInsert(record), "
				+ "insertInto(table).set(record), the Loader API and DSL inserts build no record that a "
				+ "RecordListener sees. Insert the record itself (record.insert(), dsl.batchInsert(records)), or "
				+ "give the id in the statement: insertInto(" + table.getName() + ", <id column>, ...).values("
				+ "generator.nextId(), ...)");
	}

	/** {@link #insertGuard()}: before an INSERT is rendered. */
	private final class InsertGuard implements ExecuteListener {

		@Override
		public void start(ExecuteContext ctx) {
			Query[] queries = ctx.batchQueries();
			if ((queries == null || queries.length == 0) && ctx.query() != null) {
				queries = new Query[] { ctx.query() };
			}
			for (Query query : (queries != null) ? queries : new Query[0]) {
				checkInsert(query);
			}
		}

		@Override
		public String toString() {
			return "SnowflakeRecordListener.insertGuard" + columns();
		}
	}

	private static boolean sameName(String a, String b) {
		return a.equalsIgnoreCase(b);
	}

	private static String columnList(Table<?> table) {
		return Arrays.stream(table.fields()).map(org.jooq.Field::getName).collect(Collectors.joining(", "));
	}

	/** Builds a {@link SnowflakeRecordListener}; every column is checked as it is added, as far as code can tell. */
	public static final class Builder {

		private final Supplier<? extends SnowflakeIdGenerator> ids;

		private final List<Rule> rules = new ArrayList<>();

		private Builder(Supplier<? extends SnowflakeIdGenerator> ids) {
			this.ids = ids;
		}

		/**
		 * A column of generated code ({@code BOOK.ID}): of Java type {@code Long} or {@code String}.
		 *
		 * @throws IllegalArgumentException for a column of any other type
		 */
		public Builder column(TableField<?, ?> field) {
			Objects.requireNonNull(field, "field");
			Table<?> table = field.getTable();
			Rule rule = Rule.of(table, field.getName(), field.getType() == String.class,
					"column(" + table.getName() + "." + field.getName() + ")", null);
			checkType(rule, table.getName() + "." + field.getName(), field.getType(),
					field.getDataType().getTypeName());
			this.rules.add(rule);
			return this;
		}

		/**
		 * Columns by name, as in the setting {@value SnowflakeRecordListener#COLUMNS}: {@code table.column} or
		 * {@code schema.table.column}, matched ignoring case against the tables of the records inserted; each entry
		 * may itself be a comma-separated list. A record of a matching table that has no such column fails its
		 * insert, naming the entry; {@link #checkColumns} finds such entries against the database at start.
		 *
		 * @throws SnowflakeConfigurationException for an entry that is not of that form
		 */
		public Builder columns(String... names) {
			for (String name : names) {
				for (String entry : name.split(",")) {
					String trimmed = entry.trim();
					if (!trimmed.isEmpty()) {
						this.rules.add(Rule.named(trimmed));
					}
				}
			}
			return this;
		}

		/** {@link #columns(String...)} from a list (a Spring Boot property). */
		public Builder columns(List<String> names) {
			return columns(names.toArray(String[]::new));
		}

		/**
		 * The {@link SnowflakeId @SnowflakeId} fields of a POJO class stored in {@code table}: each names the column
		 * jOOQ copies it to and from (its {@code DefaultRecordUnmapper} and {@code DefaultRecordMapper}): the column
		 * whose name is the field's name, or whose camel case is ({@code book_id} for {@code bookId}). A DAO's
		 * {@code insert(pojo)} then fills that column on the record and copies the id back into the POJO, as does
		 * {@code dsl.newRecord(table, pojo).store()} for the record. A primitive {@code long} field's {@code 0}
		 * counts as not set (the record carries the POJO's {@code 0}), as a {@code Long} {@code 0} does in every
		 * column.
		 *
		 * @throws IllegalArgumentException for a field that names no column of the table, or whose type is not
		 * {@code Long}, {@code long} or {@code String} or does not match the column's
		 */
		public Builder pojo(Class<?> type, Table<?> table) {
			Objects.requireNonNull(type, "type");
			Objects.requireNonNull(table, "table");
			List<Member> annotated = members(type);
			if (annotated.isEmpty()) {
				throw new IllegalArgumentException(type.getName() + " has no @SnowflakeId field");
			}
			for (Member member : annotated) {
				String memberName = member.field.getName();
				org.jooq.Field<?> column = null;
				for (org.jooq.Field<?> candidate : table.fields()) {
					if (memberName.equals(candidate.getName())
							|| memberName.equals(StringUtils.toCamelCaseLC(candidate.getName()))) {
						column = candidate;
						break;
					}
				}
				if (column == null) {
					throw new IllegalArgumentException("@SnowflakeId " + member.name + ": table " + table.getName()
							+ " has no column jOOQ maps it to (the field's name, or a name whose camel case it is, "
							+ "like book_id for bookId); its columns: " + columnList(table));
				}
				Class<?> memberType = member.field.getType();
				boolean text = memberType == String.class;
				Class<?> expected = text ? String.class : Long.class;
				if (column.getType() != expected) {
					throw new IllegalArgumentException("@SnowflakeId " + member.name + " of type "
							+ memberType.getName() + " is mapped to column " + table.getName() + "." + column.getName()
							+ " of Java type " + column.getType().getName() + ": the types must match (Long or long "
							+ "for a BIGINT column, String for a text column)");
				}
				this.rules.add(Rule.of(table, column.getName(), text,
						"@SnowflakeId " + member.name + " (" + table.getName() + "." + column.getName() + ")", null));
			}
			return this;
		}

		public SnowflakeRecordListener build() {
			return new SnowflakeRecordListener(this);
		}

		private static void checkType(Rule rule, String where, Class<?> type, String sqlType) {
			if (type != Long.class && type != String.class) {
				throw rule.refused("a BIGINT column (Java type Long), or a text column (String) for the decimal form",
						"column " + where + " is " + sqlType.toUpperCase(Locale.ROOT) + " (Java type "
								+ type.getName() + "), which cannot hold a 64-bit id");
			}
		}
	}

	/** One configured column: by generated code, by name, or by a POJO's annotated field. */
	static final class Rule {

		final String schema;

		final String table;

		final String column;

		/** Known to be text (String): for the column check. */
		final boolean textual;

		/** How the application configured it, for messages. */
		private final String description;

		/** The setting entry, for a column named by {@value SnowflakeRecordListener#COLUMNS}; else null. */
		private final String entry;

		private Rule(String schema, String table, String column, boolean textual, String description,
				String entry) {
			this.schema = schema;
			this.table = table;
			this.column = column;
			this.textual = textual;
			this.description = description;
			this.entry = entry;
		}

		static Rule of(Table<?> table, String column, boolean textual, String description, String entry) {
			String schema = (table.getSchema() != null && !table.getSchema().getName().isEmpty())
					? table.getSchema().getName() : null;
			return new Rule(schema, table.getName(), column, textual, description, entry);
		}

		static Rule named(String entry) {
			String[] parts = entry.split("\\.", -1);
			boolean valid = (parts.length == 2 || parts.length == 3)
					&& Arrays.stream(parts).allMatch((part) -> !part.isBlank() && part.equals(part.trim()));
			if (!valid) {
				throw new SnowflakeConfigurationException(COLUMNS, entry,
						"comma-separated table.column or schema.table.column names");
			}
			return (parts.length == 2) ? new Rule(null, parts[0], parts[1], false, COLUMNS + "=" + entry, entry)
					: new Rule(parts[0], parts[1], parts[2], false, COLUMNS + "=" + entry, entry);
		}

		String describe() {
			return this.description;
		}

		/**
		 * A table of this rule's name, in its schema if it has one. A table without a schema (generated code with
		 * {@code outputSchemaToDefault}, or one built by name) matches a schema-qualified rule too: rendered
		 * unqualified, it is the table the database resolves the name to, the one {@link #checkColumns} looked up
		 * ({@code PUBLIC.book.id} names H2's {@code book} of generated code without a schema). Two tables of the
		 * same name in different schemas are told apart only when the generated code keeps its schemas.
		 */
		boolean matches(Table<?> candidate) {
			if (!sameName(this.table, candidate.getName())) {
				return false;
			}
			if (this.schema == null || candidate.getSchema() == null || candidate.getSchema().getName().isEmpty()) {
				return true;
			}
			return sameName(this.schema, candidate.getSchema().getName());
		}

		/** This rule's field of a table it matches. */
		org.jooq.Field<?> field(Table<?> candidate) {
			for (org.jooq.Field<?> field : candidate.fields()) {
				if (sameName(this.column, field.getName())) {
					return field;
				}
			}
			throw refused("a column of the table", "table " + candidate.getName() + " has no column " + this.column
					+ "; its columns: " + columnList(candidate));
		}

		/** The exception for a column that cannot be filled, naming where it was configured. */
		SnowflakeConfigurationException refused(String allowed, String actual) {
			if (this.entry != null) {
				return new SnowflakeConfigurationException(COLUMNS, this.entry, allowed, capitalize(actual));
			}
			// column(TableField) or a POJO: the description names it, without the table.column it resolved to
			String source = this.description.startsWith("@") ? this.description.substring(0,
					this.description.indexOf(" (")) : "SnowflakeRecordListener.Builder.column";
			return new SnowflakeConfigurationException(source, this.table + "." + this.column, allowed,
					capitalize(actual));
		}

		private static String capitalize(String text) {
			return Character.toUpperCase(text.charAt(0)) + text.substring(1);
		}
	}

	/** A resolved column of one table. */
	private static final class Target {

		final org.jooq.Field<?> field;

		final Rule rule;

		final boolean text;

		Target(org.jooq.Field<?> field, Rule rule, boolean text) {
			this.field = field;
			this.rule = rule;
			this.text = text;
		}
	}

	/** An annotated POJO field. */
	static final class Member {

		final Field field;

		final String name;

		Member(Field field, String name) {
			this.field = field;
			this.name = name;
		}

		void fill(Object pojo, SnowflakeRecordListener listener) {
			if (pojo.getClass().isRecord() || Modifier.isFinal(this.field.getModifiers())) {
				throw new IllegalArgumentException("@SnowflakeId " + this.name + " is final (or a record component): "
						+ "fill(...) cannot set it; pass generator.nextId() to the constructor instead");
			}
			try {
				this.field.trySetAccessible();
				Object current = this.field.get(pojo);
				Class<?> type = this.field.getType();
				Rule rule = new Rule(null, pojo.getClass().getSimpleName(), this.field.getName(), false,
						"@SnowflakeId " + this.name, null);
				SnowflakeIdGenerator generator = listener.generator(rule);
				if (unset(current)) {
					this.field.set(pojo, (type == String.class) ? generator.nextIdAsString() : (Object) generator.nextId());
				}
				else {
					checkAssigned(generator, this.name, current);
				}
			}
			catch (IllegalAccessException ex) {
				throw new IllegalArgumentException("@SnowflakeId " + this.name + " cannot be set: " + ex.getMessage(),
						ex);
			}
		}
	}
}
