package io.snowflakeid.hibernate;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

import org.hibernate.annotations.IdGeneratorType;

/**
 * Gives an id a short, dense number from database segments (Meituan Leaf's segment mode): account numbers and
 * other ids people read, type and tell a support desk. Values are handed out in blocks of {@link #step()} from
 * a row per {@link #key()} in the segment table, the next block fetched in the background before the current one
 * runs out; a graceful shutdown hands the unused rest back, so planned restarts leave no holes.
 * <p>
 * Supported attribute types: {@code Long} and {@code long}. A value the application already set is kept.
 */
@Documented
@IdGeneratorType(SegmentIdentifierGenerator.class)
@Retention(RetentionPolicy.RUNTIME)
@Target({ ElementType.FIELD, ElementType.METHOD })
public @interface SegmentId {

	/** The segment row's key; default: the entity name. Entities sharing a key share one number range. */
	String key() default "";

	/** The first value handed out for a new key. */
	long initialValue() default 1;

	/** Values per segment; 0 means {@code snowflake.segment.default-step} (1000). */
	int step() default 0;
}
