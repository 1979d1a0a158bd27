package io.snowflakeid.hibernate;

import java.lang.reflect.Member;
import java.util.EnumSet;
import java.util.function.Supplier;

import io.snowflakeid.hibernate.internal.registry.HibernateLines;
import io.snowflakeid.hibernate.internal.registry.SnowflakeGeneratorLookup;
import io.snowflakeid.hibernate.internal.registry.SnowflakeMappingException;
import io.snowflakeid.segment.SegmentIdGenerator;
import org.hibernate.engine.spi.SharedSessionContractImplementor;
import org.hibernate.generator.AnnotationBasedGenerator;
import org.hibernate.generator.EventType;
import org.hibernate.generator.EventTypeSets;
import org.hibernate.generator.GeneratorCreationContext;
import org.hibernate.id.IdentifierGenerator;

/**
 * The Hibernate side of {@link SegmentId}: an {@link IdentifierGenerator} (ids exist before the INSERT, so inserts
 * batch) that draws from the application's {@link io.snowflakeid.segment.SegmentIdGenerators}, taken at its first
 * id; it holds no sequence state of its own. Created like the snowflake generators on every Hibernate line (see
 * {@link SnowflakeGeneratorSupport}).
 */
public class SegmentIdentifierGenerator implements IdentifierGenerator, AnnotationBasedGenerator<SegmentId> {

	private static final long serialVersionUID = 1L;

	/** Where the generator comes from; it is taken at the first id (see {@link #nextId}). */
	private transient Supplier<SegmentIdGenerator> source;

	private transient volatile SegmentIdGenerator ids;

	/** What Hibernate 7.3, 7.4 and 8.0 call. (No {@code @Override}: the sources also compile against 6.6.) */
	public void initialize(SegmentId annotation, GeneratorCreationContext context) {
		setUp(annotation, HibernateLines.javaMember(context, "@SegmentId"), context);
	}

	/** What Hibernate 6.6 and 7.2 call (deprecated for removal since 7.3, which calls the method above). */
	@Override
	@SuppressWarnings("removal")
	public void initialize(SegmentId annotation, Member member, GeneratorCreationContext context) {
		setUp(annotation, member, context);
	}

	private void setUp(SegmentId annotation, Member member, GeneratorCreationContext context) {
		String attribute = SnowflakeGeneratorSupport.attributeName(member);
		Class<?> type = SnowflakeGeneratorSupport.attributeType(member, context);
		if (type != Long.class && type != long.class) {
			throw SnowflakeMappingException.unsupportedType("@SegmentId", attribute, type, "Long and long");
		}
		SnowflakeMappingException.refuseGeneratedValue("@SegmentId", member, attribute, type.getName());
		if (SnowflakeGeneratorLookup.isSpringAotProcessing()) {
			return;
		}
		String key = annotation.key().isEmpty() ? context.getPersistentClass().getJpaEntityName() : annotation.key();
		this.source = SnowflakeGeneratorLookup.findSegment(context.getServiceRegistry(), attribute, key,
				annotation.initialValue(), annotation.step());
	}

	@Override
	public Object generate(SharedSessionContractImplementor session, Object object) {
		refuseReactive(session);
		return nextId();
	}

	@Override
	public Object generate(SharedSessionContractImplementor session, Object owner, Object currentValue,
			EventType eventType) {
		if (currentValue != null && !(currentValue instanceof Long number && number == 0L)) {
			return currentValue;
		}
		refuseReactive(session);
		return nextId();
	}

	/**
	 * Hibernate Reactive calls generators on the event loop, where a segment fetch (blocking JDBC) would stall it.
	 * Quarkus refuses such a mapping at build time; this is the second line, for what its index did not show.
	 */
	private static void refuseReactive(SharedSessionContractImplementor session) {
		if (HibernateLines.isHibernateReactive(session)) {
			throw new IllegalStateException("@SegmentId is not supported on Hibernate Reactive entities: its segments"
					+ " are fetched with blocking JDBC, which would stall the event loop; use @SnowflakeId there");
		}
	}

	private long nextId() {
		SegmentIdGenerator ids = this.ids;
		if (ids == null) {
			if (this.source == null) {
				throw SnowflakeGeneratorSupport.notInitialized("@SegmentId", getClass());
			}
			ids = this.source.get();
			this.ids = ids;
		}
		return ids.nextId();
	}

	/** Hibernate 7.4's check that the generated values fit the attribute (already checked in {@link #setUp}). */
	public Class<?> getGeneratedType() {
		return Long.class;
	}

	@Override
	public boolean allowAssignedIdentifiers() {
		return true;
	}

	@Override
	public EnumSet<EventType> getEventTypes() {
		return EventTypeSets.INSERT_ONLY;
	}
}
