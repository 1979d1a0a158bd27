package io.snowflakeid.quarkus.runtime;

import io.quarkus.arc.Arc;
import io.snowflakeid.SnowflakeIdGenerator;
import io.snowflakeid.SnowflakeLayout;
import io.snowflakeid.internal.GeneratorSource;
import io.snowflakeid.segment.SegmentIdGenerator;
import jakarta.inject.Singleton;
import java.util.function.Supplier;
import org.jboss.logging.Logger;

/**
 * What Hibernate's generators find in Arc while Quarkus builds the metadata at static init (Hibernate 7.2
 * initializes generators then): the generator itself is a runtime-init bean, so it is looked up at the first id.
 */
@Singleton
public class ArcGeneratorSource implements GeneratorSource {

	private static final Logger LOG = Logger.getLogger(ArcGeneratorSource.class);

	public static volatile int definesAsked;

	@Override
	public boolean definesSnowflake() {
		definesAsked++;
		StringBuilder frames = new StringBuilder();
		for (StackTraceElement e : new Throwable().getStackTrace()) {
			String c = e.getClassName();
			if (c.startsWith("org.hibernate") || c.startsWith("io.quarkus.hibernate")) {
				frames.append("\n    ").append(c).append('.').append(e.getMethodName()).append(':').append(e.getLineNumber());
			}
		}
		LOG.infof("GeneratorSource.definesSnowflake asked on thread %s%s", Thread.currentThread().getName(), frames);
		return true;
	}

	@Override
	public SnowflakeLayout snowflakeLayout() {
		return SnowflakeLayout.DEFAULT;
	}

	@Override
	public SnowflakeIdGenerator snowflake() {
		return Arc.container().instance(SnowflakeIdGenerator.class).get();
	}

	@Override
	public Supplier<SegmentIdGenerator> segment(String key, long initialValue, int step) {
		return null;
	}

	@Override
	public void startupCheck(Runnable check) {
		check.run();
	}
}
