package io.snowflakeid.spring.data.jdbc;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Supplier;

import io.snowflakeid.AssignedIdRefusedException;
import io.snowflakeid.SnowflakeIdGenerator;
import io.snowflakeid.hibernate.SegmentId;
import io.snowflakeid.hibernate.SnowflakeId;
import io.snowflakeid.segment.SegmentIdGenerator;
import io.snowflakeid.segment.SegmentIdGenerators;

import org.springframework.core.Ordered;
import org.springframework.data.mapping.MappingException;
import org.springframework.data.mapping.PersistentPropertyAccessor;
import org.springframework.data.relational.core.mapping.RelationalMappingContext;
import org.springframework.data.relational.core.mapping.RelationalPersistentEntity;
import org.springframework.data.relational.core.mapping.RelationalPersistentProperty;
import org.springframework.data.relational.core.conversion.DbAction;
import org.springframework.data.relational.core.conversion.MutableAggregateChange;
import org.springframework.data.relational.core.mapping.event.BeforeConvertCallback;
import org.springframework.data.relational.core.mapping.event.BeforeSaveCallback;

/**
 * Gives Spring Data JDBC aggregate roots their {@link SnowflakeId @SnowflakeId} and {@link SegmentId @SegmentId}
 * values before the INSERT, with the application's {@link SnowflakeIdGenerator} (and its lease) and
 * {@link SegmentIdGenerators}, the ones {@code @SnowflakeId} JPA entities of the same application use.
 * <p>
 * Spring Data JDBC decides whether an aggregate is new before this callback runs (a {@code null} id, or {@code 0}
 * for a primitive {@code long}), so a new aggregate is still inserted, now with an id it provides: the INSERT needs
 * no generated key back, and {@code saveAll} of new aggregates is sent as one JDBC batch. A value the application
 * set itself is kept; only {@code null} (and {@code 0} for a primitive {@code long}, which Spring Data also reads as
 * "not set") gets a new one. A {@code @SnowflakeId} value the application set on an aggregate that is inserted
 * ({@code save} of an aggregate Spring Data reads as new, {@code JdbcAggregateTemplate.insert} and {@code upsert})
 * must be positive and not ahead of the clock, as with Hibernate and jOOQ ({@link AssignedIdRefusedException}),
 * checked as a {@link BeforeSaveCallback} where Spring Data says it inserts; updates carry the row's id and are not
 * checked. Values are written through Spring Data's property accessor, so immutable aggregates (records,
 * {@code with...} methods, constructor properties) work: the callback returns the new instance.
 * <p>
 * Only the aggregate root's own properties are filled; an annotated property of an entity inside the aggregate (or
 * of an embedded value) is refused when its root is first saved, rather than silently left to the database.
 * What each class needs is worked out once and cached. It runs at order {@value #ORDER}: before Spring Data's
 * auditing callback (100) and before callbacks without an order, so those see the id.
 */
final class SnowflakeIdBeforeConvertCallback
		implements BeforeConvertCallback<Object>, BeforeSaveCallback<Object>, Ordered {

	/** The callback's order: before auditing (100) and unordered callbacks. */
	public static final int ORDER = 50;

	/** Leftovers of saves that failed between the two callbacks, beyond which the oldest are dropped. */
	private static final int MAX_PENDING = 16;

	private final Supplier<? extends RelationalMappingContext> mappingContext;

	private final Supplier<? extends SnowflakeIdGenerator> snowflakeIds;

	private final Supplier<? extends SegmentIdGenerators> segmentIds;

	private final Map<Class<?>, List<Target>> targets = new ConcurrentHashMap<>();

	/**
	 * From onBeforeConvert to onBeforeSave of the same save on the same thread (Spring Data calls one right after
	 * the other for each aggregate, perhaps with a new instance between them: a {@code @Version} set by a wither):
	 * the values the generator gave, which are never checked. Only the values, not the aggregate, so that a save
	 * that fails between the two callbacks leaves no aggregate reachable from the thread. A stack: a callback of
	 * the application may save another aggregate while one is converted.
	 */
	private final ThreadLocal<ArrayDeque<List<Object>>> generated = new ThreadLocal<>();

	private volatile RelationalMappingContext resolvedContext;

	/**
	 * @param mappingContext the application's Spring Data mapping context (resolved on first use)
	 * @param snowflakeIds the generator for {@code @SnowflakeId} (resolved on first use; {@code null} fails the save
	 * of an annotated aggregate)
	 * @param segmentIds segment mode for {@code @SegmentId} (resolved on first use of each key)
	 */
	SnowflakeIdBeforeConvertCallback(Supplier<? extends RelationalMappingContext> mappingContext,
			Supplier<? extends SnowflakeIdGenerator> snowflakeIds, Supplier<? extends SegmentIdGenerators> segmentIds) {
		this.mappingContext = mappingContext;
		this.snowflakeIds = snowflakeIds;
		this.segmentIds = segmentIds;
	}

	@Override
	public Object onBeforeConvert(Object aggregate) {
		List<Target> annotated = this.targets.computeIfAbsent(aggregate.getClass(), this::inspect);
		if (annotated.isEmpty()) {
			return aggregate;
		}
		RelationalPersistentEntity<?> entity = context().getRequiredPersistentEntity(aggregate.getClass());
		PersistentPropertyAccessor<Object> accessor = entity.getPropertyAccessor(aggregate);
		List<Object> given = new ArrayList<>();
		for (Target target : annotated) {
			Object current = accessor.getProperty(target.property);
			if (current == null || (target.primitive && ((Long) current) == 0L)) {
				Object value = target.nextValue();
				accessor.setProperty(target.property, value);
				if (target.snowflake) {
					given.add(value);
				}
			}
		}
		ArrayDeque<List<Object>> pending = this.generated.get();
		if (pending == null) {
			pending = new ArrayDeque<>();
			this.generated.set(pending);
		}
		else if (pending.size() >= MAX_PENDING) {
			pending.removeLast();
		}
		pending.push(given);
		// A new instance when the aggregate is immutable (a record, a wither).
		return accessor.getBean();
	}

	/**
	 * An aggregate about to be inserted (by {@code save} of a new aggregate or by {@code JdbcAggregateTemplate.insert},
	 * which inserts whatever the id) with a {@code @SnowflakeId} value the application set: kept only if the generator
	 * cannot issue it later, as Hibernate and jOOQ keep them ({@link AssignedIdRefusedException}). Only here does
	 * Spring Data say whether it inserts or updates; an update carries the row's own id and is not checked.
	 */
	@Override
	public Object onBeforeSave(Object aggregate, MutableAggregateChange<Object> change) {
		List<Target> annotated = this.targets.get(aggregate.getClass());
		if (annotated == null || annotated.isEmpty()) {
			return aggregate;
		}
		// The values onBeforeConvert gave this aggregate are the generator's own: compared by value, as the instance
		// may be a new one (a @Version set by a wither). Without that record every value is checked.
		List<Object> given = given();
		if (!insertsRoot(change)) {
			return aggregate;
		}
		PersistentPropertyAccessor<Object> accessor = context().getRequiredPersistentEntity(aggregate.getClass())
			.getPropertyAccessor(aggregate);
		for (Target target : annotated) {
			Object value = accessor.getProperty(target.property);
			if (target.snowflake && value != null && !given.contains(value)) {
				AssignedIdRefusedException.checkValue(snowflakeIds(target.name), target.name, value,
						System.currentTimeMillis());
			}
		}
		return aggregate;
	}

	/** The values the latest onBeforeConvert of this thread gave, taken off the thread. */
	private List<Object> given() {
		ArrayDeque<List<Object>> pending = this.generated.get();
		if (pending == null) {
			return List.of();
		}
		List<Object> given = pending.poll();
		if (pending.isEmpty()) {
			this.generated.remove();
		}
		return (given != null) ? given : List.of();
	}

	/**
	 * Whether the root may be inserted: an INSERT, or an upsert (JdbcAggregateTemplate.upsert, Spring Data JDBC
	 * 4.1: MERGE or INSERT ... ON CONFLICT, an insert when the row is not there). Every root action but an update
	 * counts, so that a kind of root action a later Spring Data adds is checked rather than let through.
	 */
	private static boolean insertsRoot(MutableAggregateChange<Object> change) {
		boolean[] inserts = new boolean[1];
		change.forEachAction((action) -> inserts[0] |= action instanceof DbAction.WithRoot<?>
				&& !(action instanceof DbAction.UpdateRoot<?>));
		return inserts[0];
	}

	@Override
	public int getOrder() {
		return ORDER;
	}

	private RelationalMappingContext context() {
		RelationalMappingContext context = this.resolvedContext;
		if (context == null) {
			context = this.mappingContext.get();
			if (context == null) {
				throw new IllegalStateException("@SnowflakeId on Spring Data JDBC aggregates needs the application's "
						+ "RelationalMappingContext bean (Spring Data JDBC's JdbcMappingContext), but there is none");
			}
			this.resolvedContext = context;
		}
		return context;
	}

	private List<Target> inspect(Class<?> type) {
		RelationalPersistentEntity<?> entity = context().getRequiredPersistentEntity(type);
		List<Target> found = new ArrayList<>();
		entity.doWithProperties((RelationalPersistentProperty property) -> {
			Target target = target(entity, property);
			if (target != null) {
				found.add(target);
			}
		});
		refuseAnnotationsInside(entity, new HashSet<>());
		return List.copyOf(found);
	}

	private Target target(RelationalPersistentEntity<?> entity, RelationalPersistentProperty property) {
		SnowflakeId snowflake = property.findAnnotation(SnowflakeId.class);
		SegmentId segment = property.findAnnotation(SegmentId.class);
		if (snowflake == null && segment == null) {
			return null;
		}
		String name = propertyName(entity, property);
		Class<?> type = property.getType();
		if (snowflake != null && segment != null) {
			throw new MappingException("@SnowflakeId and @SegmentId on " + name + ": choose one");
		}
		if (segment != null) {
			if (type != Long.class && type != long.class) {
				throw new MappingException("@SegmentId on " + name + " of type " + type.getName()
						+ ": supported property types are Long and long");
			}
			String key = segment.key().isEmpty() ? defaultSegmentKey(entity.getType()) : segment.key();
			return new Target(property, name, type == long.class, false, new SegmentValues(name, key, segment));
		}
		if (type == Long.class || type == long.class) {
			return new Target(property, name, type == long.class, true, () -> snowflakeIds(name).nextId());
		}
		if (type == String.class) {
			return new Target(property, name, false, true, () -> snowflakeIds(name).nextIdAsString());
		}
		throw new MappingException("@SnowflakeId on " + name + " of type " + type.getName()
				+ ": supported property types are Long, long and String (decimal)");
	}

	/** Entities inside the aggregate are inserted by Spring Data after the root, out of this callback's reach. */
	private void refuseAnnotationsInside(RelationalPersistentEntity<?> owner, Set<Class<?>> seen) {
		if (!seen.add(owner.getType())) {
			return;
		}
		owner.doWithProperties((RelationalPersistentProperty property) -> {
			if (!property.isEntity()) {
				return;
			}
			RelationalPersistentEntity<?> inner = context().getPersistentEntity(property);
			if (inner == null) {
				return;
			}
			inner.doWithProperties((RelationalPersistentProperty innerProperty) -> {
				if (innerProperty.isAnnotationPresent(SnowflakeId.class)
						|| innerProperty.isAnnotationPresent(SegmentId.class)) {
					throw new MappingException("@SnowflakeId/@SegmentId on " + propertyName(inner, innerProperty)
							+ ", reached through " + propertyName(owner, property) + ": on Spring Data JDBC they are "
							+ "supported on the aggregate root's properties only (" + owner.getType().getSimpleName()
							+ "), not on entities or embedded values inside an aggregate");
				}
			});
			refuseAnnotationsInside(inner, seen);
		});
	}

	private SnowflakeIdGenerator snowflakeIds(String property) {
		SnowflakeIdGenerator ids = this.snowflakeIds.get();
		if (ids == null) {
			throw new IllegalStateException("@SnowflakeId on " + property + " needs a SnowflakeIdGenerator bean, but "
					+ "the application context has none (is SnowflakeAutoConfiguration excluded?)");
		}
		return ids;
	}

	/** As the Hibernate binding's default (the JPA entity name): the class name without its package. */
	static String defaultSegmentKey(Class<?> type) {
		String name = type.getName();
		return name.substring(name.lastIndexOf('.') + 1);
	}

	private static String propertyName(RelationalPersistentEntity<?> entity, RelationalPersistentProperty property) {
		return entity.getType().getSimpleName() + "." + property.getName();
	}

	private static final class Target {

		final RelationalPersistentProperty property;

		/** {@code Aggregate.property}, for messages. */
		final String name;

		/** A primitive {@code long}: 0 is "not set", as Spring Data's isNew reads it. */
		final boolean primitive;

		/** {@code @SnowflakeId}, whose assigned values are checked; segment values are the application's own. */
		final boolean snowflake;

		private final Supplier<Object> values;

		Target(RelationalPersistentProperty property, String name, boolean primitive, boolean snowflake,
				Supplier<Object> values) {
			this.property = property;
			this.name = name;
			this.primitive = primitive;
			this.snowflake = snowflake;
			this.values = values;
		}

		Object nextValue() {
			return this.values.get();
		}
	}

	/** The generator of one segment key, looked up on first use (it may create the segment tables). */
	private final class SegmentValues implements Supplier<Object> {

		private final String property;

		private final String key;

		private final SegmentId annotation;

		private volatile SegmentIdGenerator generator;

		SegmentValues(String property, String key, SegmentId annotation) {
			this.property = property;
			this.key = key;
			this.annotation = annotation;
		}

		@Override
		public Object get() {
			SegmentIdGenerator ids = this.generator;
			if (ids == null) {
				SegmentIdGenerators segments = SnowflakeIdBeforeConvertCallback.this.segmentIds.get();
				if (segments == null) {
					throw new IllegalStateException("@SegmentId on " + this.property + " needs a SegmentIdGenerators "
							+ "bean, but the application context has none (is SnowflakeAutoConfiguration excluded?)");
				}
				ids = segments.generator(this.key, this.annotation.initialValue(), this.annotation.step());
				this.generator = ids;
			}
			return ids.nextId();
		}
	}
}
