package io.snowflakeid.spring;

import java.util.List;

import javax.sql.DataSource;

import io.snowflakeid.spring.internal.SnowflakeProperties;
import io.snowflakeid.internal.config.WorkerAssignment;

import org.springframework.beans.factory.BeanFactoryUtils;
import org.springframework.beans.factory.ListableBeanFactory;
import org.springframework.beans.factory.ObjectProvider;

/**
 * Which DataSource holds the worker id leases and the segments, chosen as Spring Boot chooses Flyway's: the one
 * marked {@link SnowflakeDataSource}, else the only one, else the {@code @Primary} one. With several and none of
 * them chosen, nothing is picked: {@link #chosen()} is null and {@link #isAmbiguous()} true.
 */
final class SnowflakeDataSources {

	private final ObjectProvider<DataSource> marked;

	private final ObjectProvider<DataSource> all;

	private final ListableBeanFactory beanFactory;

	/** The DataSource beans' names, looked up once (a type search through the bean factory and its parents). */
	private List<String> candidates;

	SnowflakeDataSources(ObjectProvider<DataSource> marked, ObjectProvider<DataSource> all,
			ListableBeanFactory beanFactory) {
		this.marked = marked;
		this.all = all;
		this.beanFactory = beanFactory;
	}

	/** The chosen DataSource, or null when there is none or several and none chosen. */
	DataSource chosen() {
		// One DataSource (the usual case) is the one, marked or not: the mark's search (it reads each candidate's
		// annotations, 5 ms of a cold start) is made only when the plain lookup finds nothing, which is also how a
		// lone marked DataSource that is no default candidate (@Bean(defaultCandidate = false)) is still found.
		if (candidates().size() <= 1) {
			DataSource only = this.all.getIfUnique();
			return (only != null) ? only : this.marked.getIfAvailable();
		}
		DataSource dataSource = this.marked.getIfAvailable();
		return (dataSource != null) ? dataSource : this.all.getIfUnique();
	}

	/** Names of the DataSource beans, for messages. */
	List<String> candidates() {
		if (this.candidates == null) {
			this.candidates = List
				.of(BeanFactoryUtils.beanNamesForTypeIncludingAncestors(this.beanFactory, DataSource.class));
		}
		return this.candidates;
	}

	/** Whether there are several DataSources and none is chosen. Meaningful when {@link #chosen()} is null. */
	boolean isAmbiguous() {
		return candidates().size() > 1;
	}

	/**
	 * Whether these properties need a worker id lease in a database: no static worker id, and the assignment is
	 * {@code auto} (which leases when there is a database) or {@code database-lease}.
	 */
	static boolean needsLease(SnowflakeProperties properties) {
		WorkerAssignment assignment = properties.getWorkerAssignment();
		return properties.getWorkerId() == null
				&& (assignment == null || assignment == WorkerAssignment.AUTO
						|| assignment == WorkerAssignment.DATABASE_LEASE);
	}
}
